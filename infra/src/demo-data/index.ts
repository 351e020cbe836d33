export {
  DEMO_PASSWORD,
  demoEmail,
  loadDemoData,
  type DemoCounts,
  type DemoLoadResult,
} from './load-demo-data';
