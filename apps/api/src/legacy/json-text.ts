/**
 * JSON made before the answer it goes into, kept as UTF-8: a list's rows serialised once and kept
 * (see presenters/topics.ts), copied into the answer's bytes instead of being built, written and
 * encoded again. Bytes rather than strings keep the rows and the answers built of them out of the
 * JavaScript heap, whose collector otherwise copies every large answer string that lives through
 * a collection. Anything that serialises a `JsonText` some other way still gets the right JSON
 * (`toJSON` parses it back), only slower.
 */
type Chunk = string | Buffer;

export class JsonText {
  constructor(readonly chunks: readonly Chunk[]) {}

  toJSON(): unknown {
    return JSON.parse(concatChunks(this.chunks).toString());
  }
}

/** A value's JSON as UTF-8, to keep and to splice into answers (see `jsonArray`). */
export function jsonBytes(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value));
}

/** A JSON array of values that are JSON already. */
export function jsonArray(items: readonly Buffer[]): JsonText {
  const chunks: Chunk[] = ['['];
  items.forEach((item, index) => {
    if (index > 0) chunks.push(',');
    chunks.push(item);
  });
  chunks.push(']');
  return new JsonText(chunks);
}

/** The chunks as one buffer: one allocation, each chunk written or copied once. */
function concatChunks(chunks: readonly Chunk[]): Buffer {
  let length = 0;
  for (const chunk of chunks) length += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  for (const chunk of chunks) at += typeof chunk === 'string' ? out.write(chunk, at) : chunk.copy(out, at);
  return out;
}

const isPlain = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

/** Whether a `JsonText` is the value or lies within `depth` levels of plain objects below it. */
function holdsText(value: unknown, depth: number): boolean {
  if (value instanceof JsonText) return true;
  if (depth === 0 || !isPlain(value)) return false;
  for (const key in value) if (holdsText(value[key], depth - 1)) return true;
  return false;
}

/** Appends `value` as JSON, splicing any `JsonText` found within `depth` levels (see `holdsText`). */
function pushJson(value: unknown, chunks: Chunk[], depth: number): void {
  if (value instanceof JsonText) {
    chunks.push(...value.chunks);
    return;
  }
  if (!isPlain(value) || !holdsText(value, depth)) {
    chunks.push(JSON.stringify(value));
    return;
  }
  let first = true;
  chunks.push('{');
  for (const [key, inner] of Object.entries(value)) {
    if (inner === undefined || typeof inner === 'function' || typeof inner === 'symbol') continue;
    chunks.push(first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`);
    pushJson(inner, chunks, depth - 1);
    first = false;
  }
  chunks.push('}');
}

/**
 * `value` as JSON in UTF-8, a `JsonText` copied as it stands where it is the value, one of its own
 * values or one of theirs (an envelope around a page around its rows). Anything deeper is left to
 * `JSON.stringify`, which still writes it right (see `toJSON`).
 */
export function encodeJson(value: unknown): Buffer {
  const chunks: Chunk[] = [];
  pushJson(value, chunks, 3);
  const [only] = chunks;
  return chunks.length === 1 && typeof only === 'string' ? Buffer.from(only) : concatChunks(chunks);
}
