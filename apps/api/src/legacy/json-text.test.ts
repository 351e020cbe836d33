import { describe, expect, it } from 'vitest';
import { encodeJson, jsonArray, jsonBytes, JsonText } from './json-text';

const rows = [
  { topicId: 1, title: '语音识别', user: { nickname: 'a"b' } },
  { topicId: 2, title: '' },
];
const envelope = (data: unknown) => ({ errorCode: 0, message: '', data, success: true });

describe('encodeJson', () => {
  it('writes what JSON.stringify writes, rows kept as JSON or not', () => {
    const kept = jsonArray(rows.map(jsonBytes));
    for (const [value, plain] of [
      [
        envelope({ results: kept, cursor: '12', hasMore: true }),
        envelope({ results: rows, cursor: '12', hasMore: true }),
      ],
      [envelope(kept), envelope(rows)],
      [kept, rows],
      [
        envelope({ results: null, cursor: '0', hasMore: false }),
        envelope({ results: null, cursor: '0', hasMore: false }),
      ],
      [envelope({ skipped: undefined, n: 1 }), envelope({ n: 1 })],
    ] as const) {
      expect(encodeJson(value).toString()).toBe(JSON.stringify(plain));
    }
  });

  it('writes kept JSON deeper than it splices through toJSON, and an empty array', () => {
    const deep = {
      a: { b: { c: { d: jsonArray([jsonBytes(1), jsonBytes('二')]) } } },
      list: [jsonArray([])],
    };
    expect(encodeJson(deep).toString()).toBe(
      JSON.stringify({ a: { b: { c: { d: [1, '二'] } } }, list: [[]] }),
    );
    expect(JSON.parse(JSON.stringify(new JsonText(['{"x":', Buffer.from('"é"'), '}'])))).toEqual({ x: 'é' });
  });
});
