import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { firstLoadJs } from './page-weight';

const clientDir = mkdtempSync(path.join(os.tmpdir(), 'page-weight-'));
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

function asset(name: string, body: string): number {
  writeFileSync(path.join(clientDir, 'assets', name), body);
  return gzipSync(body, { level: 9 }).length;
}

describe('first-load JavaScript of a page', () => {
  it('counts the entry and every route from the root down with their imports, each file once', () => {
    mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
    const sizes = {
      entry: asset('entry.js', 'entry'.repeat(50)),
      lib: asset('lib.js', 'library code '.repeat(300)),
      root: asset('root.js', 'root module'),
      layout: asset('layout.js', 'layout module '.repeat(20)),
      page: asset('page.js', 'page module '.repeat(40)),
    };
    asset('other.js', 'a route the page does not load '.repeat(500));
    const manifest = {
      entry: { module: '/assets/entry.js', imports: ['/assets/lib.js'] },
      routes: {
        root: { module: '/assets/root.js', imports: ['/assets/lib.js'] },
        'routes/layout': { module: '/assets/layout.js', parentId: 'root', imports: ['/assets/lib.js'] },
        'routes/page': {
          module: '/assets/page.js',
          parentId: 'routes/layout',
          imports: ['/assets/layout.js'],
        },
        'routes/other': { module: '/assets/other.js', parentId: 'root' },
      },
    };
    asset('manifest-abc123.js', `window.__reactRouterManifest=${JSON.stringify(manifest)};`);

    const weight = firstLoadJs(clientDir, 'routes/page');
    expect(weight.files.map((file) => file.file).sort()).toEqual(
      [
        '/assets/entry.js',
        '/assets/layout.js',
        '/assets/lib.js',
        '/assets/page.js',
        '/assets/root.js',
      ].sort(),
    );
    expect(weight.gzipBytes).toBe(Object.values(sizes).reduce((sum, size) => sum + size, 0));
    expect(() => firstLoadJs(clientDir, 'routes/missing')).toThrow(/no route routes\/missing/);
  });
});
