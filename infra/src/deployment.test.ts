/**
 * The deployment files, checked without Docker or a cluster (neither runs here): the compose file
 * and the Kubernetes manifests are parsed, and each app's environment is loaded by the app's own
 * configuration code, so a renamed or misspelt variable fails here rather than in production.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { QueueNames } from '@forum/contracts';
import {
  enableProcessMetrics,
  enableQueueMetrics,
  enableReadModelMetrics,
  metricsRegistry,
} from '@forum/core';
import { repoRoot } from './paths';

type Env = Record<string, string>;
interface AppConfigs {
  loadApiConfig(env: Env): unknown;
  apiEnvNames: string[];
  loadWorkerConfig(env: Env): { queues: string[] };
  workerEnvNames: string[];
}

const infra = path.join(repoRoot, 'infra');
// Variables Node itself and its libraries read, whatever the app.
const common = ['NODE_ENV'];
let apps: AppConfigs;
let webEnvNames: string[];

beforeAll(async () => {
  // Loaded by path: infra's project does not include the apps' sources.
  const api = (await import(path.join(repoRoot, 'apps/api/src/config.ts'))) as Partial<AppConfigs>;
  const worker = (await import(path.join(repoRoot, 'apps/worker/src/config.ts'))) as Partial<AppConfigs>;
  apps = { ...api, ...worker } as AppConfigs;
  // The web server's own modules: every plain JavaScript file beside server.mjs.
  const webDir = path.join(repoRoot, 'apps/web');
  const webSources = readdirSync(webDir)
    .filter((file) => file.endsWith('.mjs'))
    .map((file) => readFileSync(path.join(webDir, file), 'utf8'));
  webEnvNames = [...new Set(webSources.join('\n').matchAll(/process\.env\.([A-Z_]+)/g))].map(
    (match) => match[1]!,
  );
});

/** `${NAME:-default}` → default, `${NAME:?message}` → a stand-in value, as `docker compose` would with them set. */
function interpolate(value: unknown): string {
  return String(value).replace(
    /\$\{(\w+)(?::?([-?])([^}]*))?\}/g,
    (_all, _name, kind: string, rest: string) => (kind === '-' ? rest : 'stand-in-value-for-checks'),
  );
}

function appEnvCheck(role: 'api' | 'worker' | 'web', env: Env): void {
  const known = role === 'api' ? apps.apiEnvNames : role === 'worker' ? apps.workerEnvNames : webEnvNames;
  for (const name of Object.keys(env)) expect([...known, ...common], `${role} reads ${name}`).toContain(name);
  if (role === 'api') expect(() => apps.loadApiConfig(env)).not.toThrow();
  if (role === 'worker') expect(() => apps.loadWorkerConfig(env)).not.toThrow();
}

/** Queue groups must split the queues: each consumed by exactly one group. */
function expectQueuesSplit(groups: string[][]): void {
  expect(groups.flat().sort()).toEqual([...QueueNames].sort());
}

/**
 * The API and the workers run under Node with tsx's loader, never under the tsx command: that
 * command relays SIGTERM to its child and kills it outright when the child has not taken the signal
 * within about 60 ms, so a busy process would be cut off mid-request or mid-job on every deploy.
 */
function expectStoppedGracefully(command: string[] | undefined, entry: string): void {
  expect(command).toEqual(['node', '--import', 'tsx', entry]);
}

describe('infra/docker-compose.yml', () => {
  const compose = parse(readFileSync(path.join(infra, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<
      string,
      {
        command?: string[];
        environment?: Record<string, unknown>;
        deploy?: { replicas?: number };
        healthcheck?: { test: string[] };
        profiles?: string[];
      }
    >;
  };
  const services = compose.services;
  const envOf = (name: string): Env =>
    Object.fromEntries(
      Object.entries(services[name]!.environment ?? {}).map(([key, value]) => [key, interpolate(value)]),
    );
  const workers = () => Object.keys(services).filter((name) => name.startsWith('worker-'));

  it('runs MongoDB as a replica set, Redis with AOF, and Meilisearch, where the apps look for them', () => {
    const replicaSet = services.mongo!.command![services.mongo!.command!.indexOf('--replSet') + 1];
    expect(envOf('api').MONGO_URL).toContain(`replicaSet=${replicaSet}`);
    expect(services.redis!.command!.join(' ')).toContain('--appendonly yes');
    expect(envOf('api').MEILI_URL).toBe('http://meilisearch:7700');
    expect(services.meilisearch).toBeDefined();
  });

  it('runs two API processes with the variables the API reads, ready on /readyz', () => {
    expect(services.api!.deploy!.replicas).toBeGreaterThanOrEqual(2);
    expectStoppedGracefully(services.api!.command, 'apps/api/src/main.ts');
    appEnvCheck('api', envOf('api'));
    expect(services.api!.healthcheck!.test.join(' ')).toContain(`:${envOf('api').PORT}/readyz`);
  });

  it('runs workers as one service per queue group, each with replicas and every queue consumed once', () => {
    expect(workers().length).toBeGreaterThanOrEqual(3);
    const groups = workers().map((name) => {
      expect(services[name]!.deploy?.replicas, name).toBeGreaterThanOrEqual(1);
      expectStoppedGracefully(services[name]!.command, 'apps/worker/src/main.ts');
      const env = envOf(name);
      appEnvCheck('worker', env);
      expect(services[name]!.healthcheck!.test.join(' ')).toContain(`:${env.WORKER_HEALTH_PORT}/readyz`);
      return apps.loadWorkerConfig(env).queues;
    });
    expectQueuesSplit(groups);
  });

  it('puts the web server in front of the API, with its own /readyz', () => {
    const env = envOf('web');
    appEnvCheck('web', env);
    expect(env.API_URL).toBe(`http://api:${envOf('api').PORT}`);
    expect(services.web!.healthcheck!.test.join(' ')).toContain(`:${env.PORT}/readyz`);
  });
});

interface Container {
  name: string;
  command?: string[];
  ports?: { name?: string; containerPort: number }[];
  env?: { name: string; value?: string; valueFrom?: Record<string, { key?: string }> }[];
  envFrom?: { configMapRef?: { name: string } }[];
  readinessProbe?: { httpGet?: { path: string; port: string | number } };
  livenessProbe?: { httpGet?: { path: string; port: string | number } };
}
interface Manifest {
  kind: string;
  metadata: { name: string };
  data?: Env;
  spec?: {
    replicas?: number;
    template?: { spec: { containers: Container[] } };
    scaleTargetRef?: { kind: string; name: string };
    metrics?: { type: string; external?: { metric: { name: string } } }[];
  };
}

describe('infra/k8s', () => {
  const dir = path.join(infra, 'k8s');
  const kustomization = parse(readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8')) as {
    resources: string[];
  };
  const manifests: Manifest[] = readdirSync(dir)
    .filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml')
    .flatMap((file) =>
      parseAllDocuments(readFileSync(path.join(dir, file), 'utf8')).map((doc) => doc.toJS() as Manifest),
    )
    .filter(Boolean);
  const find = (kind: string, name: string) =>
    manifests.find((m) => m.kind === kind && m.metadata.name === name);
  const deployments = manifests.filter((m) => m.kind === 'Deployment');
  const container = (name: string) => find('Deployment', name)!.spec!.template!.spec.containers[0]!;

  /** A container's environment as the pod sees it; secrets and field references get stand-ins. */
  function envOf(c: Container): Env {
    const env: Env = {};
    for (const from of c.envFrom ?? []) Object.assign(env, find('ConfigMap', from.configMapRef!.name)!.data);
    for (const { name, value, valueFrom } of c.env ?? []) {
      const configKey = valueFrom?.configMapKeyRef?.key;
      env[name] =
        value ??
        (configKey ? find('ConfigMap', 'forum-config')!.data![configKey]! : 'stand-in-value-for-checks');
    }
    return env;
  }

  function portOf(c: Container, port: string | number): number {
    return typeof port === 'number' ? port : c.ports!.find((p) => p.name === port)!.containerPort;
  }

  function expectProbes(c: Container, port: number): void {
    expect(c.readinessProbe?.httpGet?.path, c.name).toBe('/readyz');
    expect(portOf(c, c.readinessProbe!.httpGet!.port)).toBe(port);
    expect(c.livenessProbe?.httpGet?.path, c.name).toBe('/healthz');
    expect(portOf(c, c.livenessProbe!.httpGet!.port)).toBe(port);
  }

  it('lists every manifest file in its kustomization', () => {
    for (const file of kustomization.resources) expect(existsSync(path.join(dir, file)), file).toBe(true);
    const files = readdirSync(dir).filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml');
    expect([...kustomization.resources].sort()).toEqual(files.sort());
  });

  it('runs MongoDB as a three-member replica set named as MONGO_URL says, and Redis with AOF', () => {
    expect(find('StatefulSet', 'mongo')!.spec!.replicas).toBe(3);
    const args = (
      find('StatefulSet', 'mongo')!.spec!.template!.spec.containers[0] as Container & { args: string[] }
    ).args;
    expect(find('ConfigMap', 'forum-config')!.data!.MONGO_URL).toContain(
      `replicaSet=${args[args.indexOf('--replSet') + 1]}`,
    );
    const redisArgs = (
      find('StatefulSet', 'redis')!.spec!.template!.spec.containers[0] as Container & { args: string[] }
    ).args;
    expect(redisArgs.join(' ')).toContain('--appendonly yes');
  });

  it('runs the API with two replicas or more, the variables it reads, and probes on its port', () => {
    const api = container('api');
    expect(find('Deployment', 'api')!.spec!.replicas).toBeGreaterThanOrEqual(2);
    expectStoppedGracefully(api.command, 'apps/api/src/main.ts');
    const env = envOf(api);
    appEnvCheck('api', env);
    expectProbes(api, Number(env.PORT));
  });

  it('runs one worker Deployment per queue group, with probes on the health port', () => {
    const workers = deployments.filter((d) => d.metadata.name.startsWith('worker-'));
    const groups = workers.map((d) => {
      const c = d.spec!.template!.spec.containers[0]!;
      expectStoppedGracefully(c.command, 'apps/worker/src/main.ts');
      const env = envOf(c);
      appEnvCheck('worker', env);
      expectProbes(c, Number(env.WORKER_HEALTH_PORT));
      return apps.loadWorkerConfig(env).queues;
    });
    expectQueuesSplit(groups);
  });

  it('runs the web server in front of the API Service, ready when the API is', () => {
    const web = container('web');
    const env = envOf(web);
    appEnvCheck('web', env);
    const apiPort = find('Service', 'api') as Manifest & { spec: { ports: { port: number }[] } };
    expect(env.API_URL).toBe(`http://api:${apiPort.spec.ports[0]!.port}`);
    expectProbes(web, Number(env.PORT));
  });

  it('scales the points workers on their queue’s depth, a series the workers export', () => {
    enableProcessMetrics('worker');
    enableQueueMetrics();
    enableReadModelMetrics();
    const exported = metricsRegistry.getMetricsAsArray().map((metric) => metric.name);
    const hpa = find('HorizontalPodAutoscaler', 'worker-points')!;
    expect(find(hpa.spec!.scaleTargetRef!.kind, hpa.spec!.scaleTargetRef!.name)).toBeDefined();
    const external = hpa.spec!.metrics!.find((metric) => metric.type === 'External')!;
    expect(exported).toContain(external.external!.metric.name);
  });
});

describe('infra/prometheus', () => {
  it('alerts only on series the apps export, among them the one that says to add a worker', () => {
    enableProcessMetrics('worker');
    enableQueueMetrics();
    enableReadModelMetrics();
    const exported = metricsRegistry.getMetricsAsArray().map((metric) => metric.name);
    const rules = (
      parse(readFileSync(path.join(infra, 'prometheus/alerts.yml'), 'utf8')) as {
        groups: { rules: { alert: string; expr: string }[] }[];
      }
    ).groups.flatMap((group) => group.rules);
    for (const rule of rules) {
      for (const [series] of rule.expr.matchAll(/forum_\w+/g)) {
        expect(exported, `${rule.alert}: ${series}`).toContain(series.replace(/_(bucket|count|sum)$/, ''));
      }
    }
    expect(rules.find((rule) => rule.alert === 'QueueNeedsWorkers')!.expr).toContain(
      'forum_queue_oldest_waiting_age_seconds',
    );
  });
});
