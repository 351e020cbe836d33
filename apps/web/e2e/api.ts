import { inject } from 'vitest';

/** Calls a tRPC procedure of the running site as the holder of `token` (or a visitor). */
export async function callTrpc<T>(
  kind: 'query' | 'mutation',
  procedure: string,
  input: unknown,
  token?: string,
): Promise<T> {
  const webUrl = inject('webUrl');
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers['X-User-Token'] = token;
  const response =
    kind === 'query'
      ? await fetch(`${webUrl}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, {
          headers,
        })
      : await fetch(`${webUrl}/trpc/${procedure}`, { method: 'POST', headers, body: JSON.stringify(input) });
  const body = (await response.json()) as { result?: { data: T }; error?: unknown };
  if (!body.result) throw new Error(`${procedure} failed: ${JSON.stringify(body.error)}`);
  return body.result.data;
}
