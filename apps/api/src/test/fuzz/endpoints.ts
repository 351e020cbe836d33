/**
 * Every endpoint a client can call, read from the routers themselves (so a new route is fuzzed
 * without anyone listing it): the legacy Express router's routes and the tRPC router's procedures.
 */
import { createLogger } from '@forum/core';
import { legacyRouter, registeredRoutes } from '../../legacy/router';
import { appRouter } from '../../trpc/root';

export interface LegacyEndpoint {
  /** Under /api, e.g. `/topic/:id`. */
  path: string;
  /** GET, POST, … (`ALL` routes are tried with GET and POST). */
  methods: string[];
}

export interface TrpcEndpoint {
  path: string;
  type: 'query' | 'mutation';
}

export function legacyEndpoints(): LegacyEndpoint[] {
  const endpoints: LegacyEndpoint[] = [];
  for (const route of registeredRoutes(legacyRouter(createLogger('fuzz', 'silent')))) {
    const names = Object.keys(route.methods).filter((name) => route.methods[name]);
    const methods = names.includes('_all') ? ['GET', 'POST'] : names.map((name) => name.toUpperCase());
    const paths = Array.isArray(route.path) ? route.path : [route.path];
    for (const path of paths) endpoints.push({ path, methods });
  }
  return endpoints;
}

export function trpcEndpoints(): TrpcEndpoint[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
  return Object.entries(procedures)
    .filter(([, procedure]) => procedure._def.type === 'query' || procedure._def.type === 'mutation')
    .map(([path, procedure]) => ({ path, type: procedure._def.type as TrpcEndpoint['type'] }));
}
