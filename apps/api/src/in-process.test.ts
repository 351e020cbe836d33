/**
 * The API's settings when it runs inside the web server's process: its own port and host, and the
 * client address of a request the web server handed over, as Express reads it under the trust
 * this sets (the web server has rewritten `X-Forwarded-For` to the one address it decided).
 */
import type { IncomingMessage } from 'node:http';
import express, { type Request } from 'express';
import { describe, expect, it } from 'vitest';
import { loadApiConfig } from './config';
import { inProcessApiEnv } from './in-process';

const base = { MONGO_URL: 'mongodb://127.0.0.1:27017/forum', REDIS_URL: 'redis://127.0.0.1:6379' };

/** `req.ip` of a request on `socketAddress` carrying the web server's `X-Forwarded-For`, under `trust`. */
function ipUnder(trust: string, socketAddress: string, forwardedFor: string): string | undefined {
  const app = express();
  app.set('trust proxy', trust);
  const req = Object.create(app.request) as Request;
  Object.assign(req, {
    app,
    headers: { 'x-forwarded-for': forwardedFor },
    socket: { remoteAddress: socketAddress } as IncomingMessage['socket'],
  });
  return req.ip;
}

describe('the API in the web server’s process', () => {
  it('listens on API_PORT and API_HOST, not on the web server’s PORT and HOST', () => {
    const config = loadApiConfig(
      inProcessApiEnv({ ...base, PORT: '3000', HOST: '0.0.0.0', API_PORT: '4101', API_HOST: '127.0.0.2' }),
    );
    expect({ port: config.PORT, host: config.HOST }).toEqual({ port: 4101, host: '127.0.0.2' });
    expect(loadApiConfig(inProcessApiEnv({ ...base, PORT: '3000' }))).toMatchObject({
      PORT: 3001,
      HOST: '127.0.0.1',
    });
  });

  it('names the client the web server decided, behind a proxy it trusts or on a socket of its own', () => {
    const { TRUST_PROXY } = loadApiConfig(inProcessApiEnv({ ...base, TRUSTED_PROXIES: '10.0.0.0/8' }));
    expect(TRUST_PROXY).toBe('loopback,10.0.0.0/8');
    // Through the operator's load balancer (10.1.2.3): the address it reported.
    expect(ipUnder(TRUST_PROXY, '10.1.2.3', '198.51.100.7')).toBe('198.51.100.7');
    // Under the API's own default alone, the balancer would have been taken for the client.
    expect(ipUnder('loopback', '10.1.2.3', '198.51.100.7')).toBe('10.1.2.3');
    // A visitor connected straight to the public port: its socket, whatever the header says.
    expect(ipUnder(TRUST_PROXY, '203.0.113.9', '203.0.113.9')).toBe('203.0.113.9');
    expect(ipUnder(TRUST_PROXY, '203.0.113.9', '198.51.100.66')).toBe('203.0.113.9');
  });

  it('keeps the API’s own TRUST_PROXY and adds nothing when the web server trusts no proxy', () => {
    expect(loadApiConfig(inProcessApiEnv({ ...base, TRUST_PROXY: 'uniquelocal' })).TRUST_PROXY).toBe(
      'uniquelocal',
    );
  });
});
