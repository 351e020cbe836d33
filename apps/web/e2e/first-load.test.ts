/**
 * What a browser downloads before the topic page works: the build the stack serves, read as the
 * bench reads it; the topic page's budget is 120 KB gzip. Schemas (zod) stay on the server: the browser imports only the schema-free values
 * of `@forum/contracts` (`constants.ts`), and a constant moved back beside a schema would bring zod's
 * ~24 KB gzip to every page.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { firstLoadJs } from '@forum/infra/page-weight';

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../build/client');

describe('first-load JavaScript', () => {
  it.each(['routes/topic.$id', 'routes/home', 'routes/article.$id'])('of %s carries no zod', (route) => {
    const weight = firstLoadJs(clientDir, route);
    console.log(`${route}: ${(weight.gzipBytes / 1024).toFixed(1)} KB gzip in ${weight.files.length} files`);
    const withZod = weight.files.filter((file) =>
      readFileSync(path.join(clientDir, file.file), 'utf8').includes('$ZodType'),
    );
    expect(withZod.map((file) => file.file)).toEqual([]);
    expect(weight.files.length).toBeGreaterThan(3);
  });

  it('of a topic page is within its budget of 120 KB gzip', () => {
    // React's API comes from Preact in the browser build (vite.config.ts); React DOM alone was 66 KB.
    const weight = firstLoadJs(clientDir, 'routes/topic.$id');
    expect(weight.gzipBytes).toBeLessThanOrEqual(120 * 1024);
    expect(weight.files.some((file) => file.file.includes('entry.client'))).toBe(true);
  });
});
