import { loadApiConfig } from './config';
import { startApi } from './server';

let config;
try {
  config = loadApiConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const api = await startApi(config);
let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  api.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), 15_000);
  timer.unref();
  await api.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
