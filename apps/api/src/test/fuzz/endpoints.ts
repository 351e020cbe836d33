/**
 * Every endpoint a client can call, read from the routers themselves (so a new route is fuzzed
 * without anyone listing it): the legacy Express router's routes and the tRPC router's procedures.
 */
import type { Router } from 'express';
import { createLogger } from '@forum/core';
import { legacyRouter } from '../../legacy/router';
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

interface RouteLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

export function legacyEndpoints(): LegacyEndpoint[] {
  const router = legacyRouter(createLogger('fuzz', 'silent')) as Router & { stack: RouteLayer[] };
  const endpoints: LegacyEndpoint[] = [];
  for (const layer of router.stack) {
    if (!layer.route) continue;
    const names = Object.keys(layer.route.methods).filter((name) => layer.route!.methods[name]);
    const methods = names.includes('_all') ? ['GET', 'POST'] : names.map((name) => name.toUpperCase());
    const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
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
