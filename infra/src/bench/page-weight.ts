/**
 * First-load JavaScript of a page, read from the web app's client build: the entry module, then
 * every route module from the root down to the page's route with their static imports — the
 * module preloads React Router writes into the page's HTML — each counted once, gzipped at level 9.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestEntry {
  module: string;
  imports?: string[];
  parentId?: string;
}

interface BrowserManifest {
  entry: ManifestEntry;
  routes: Record<string, ManifestEntry>;
}

export interface PageWeight {
  route: string;
  files: { file: string; gzipBytes: number }[];
  gzipBytes: number;
}

/** The manifest React Router ships to browsers (`assets/manifest-<hash>.js`). */
function readManifest(clientDir: string): BrowserManifest {
  const assets = path.join(clientDir, 'assets');
  const name = readdirSync(assets).find((file) => /^manifest-[\w-]+\.js$/.test(file));
  if (!name) throw new Error(`no browser manifest in ${assets}: build the web app first (npm run build)`);
  const source = readFileSync(path.join(assets, name), 'utf8');
  return JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1)) as BrowserManifest;
}

/** `routeId` as in the manifest, e.g. `routes/topic.$id`. */
export function firstLoadJs(clientDir: string, routeId: string): PageWeight {
  const manifest = readManifest(clientDir);
  const chain: ManifestEntry[] = [];
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`no route ${id} in the browser manifest`);
    chain.unshift(route);
  }
  const urls = new Set<string>();
  for (const entry of [manifest.entry, ...chain]) {
    urls.add(entry.module);
    for (const imported of entry.imports ?? []) urls.add(imported);
  }
  const files = [...urls].map((url) => ({
    file: url,
    gzipBytes: gzipSync(readFileSync(path.join(clientDir, url)), { level: 9 }).length,
  }));
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { route: routeId, files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}
