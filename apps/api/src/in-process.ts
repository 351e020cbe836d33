/**
 * The API started inside the web server's process (`API_IN_PROCESS=true`, what `npm start` runs):
 * the web server hands the API's paths to `server`'s listeners without a network hop
 * (apps/web/api-in-process.mjs), the page renderer calls its queries in process (trpc/local.ts),
 * and the API still listens on its own port (`API_PORT`, loopback by default) for the renderer's
 * other calls, Prometheus and operators.
 */
import { loadApiConfig } from './config';
import { startApi, type RunningApi } from './server';
import { createLocalTrpc, type LocalTrpc } from './trpc/local';

/**
 * The web server's environment read as the API's: `PORT` and `HOST` are the web server's, so the
 * API's come from `API_PORT` and `API_HOST`. The API trusts `X-Forwarded-For` from the proxies the
 * web server trusts too (`TRUSTED_PROXIES`): the web server has already replaced that header with
 * the one address it decided, from the socket or a trusted proxy, so a request it hands over
 * names its client whichever socket it came on.
 */
export function inProcessApiEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const trust = [env.TRUST_PROXY?.trim() || 'loopback', env.TRUSTED_PROXIES?.trim()].filter(Boolean);
  return {
    ...env,
    PORT: env.API_PORT ?? '3001',
    HOST: env.API_HOST ?? '127.0.0.1',
    TRUST_PROXY: trust.join(','),
  };
}

/** The running API, and its procedures for the page renderer of this process (trpc/local.ts). */
export async function startApiInProcess(
  env: NodeJS.ProcessEnv = process.env,
): Promise<RunningApi & { local: LocalTrpc }> {
  const api = await startApi(loadApiConfig(inProcessApiEnv(env)));
  return { ...api, local: createLocalTrpc(api.shedder, api.log) };
}
