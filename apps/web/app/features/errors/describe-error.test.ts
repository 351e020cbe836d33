import { data } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Texts } from '@forum/contracts';
import { describeError } from './describe-error';

/** What a route loader's `throw data(...)` reaches the error boundary as. */
function thrown(status: number, body?: string) {
  const response = data(body, { status });
  return { status, statusText: '', internal: false, data: response.data };
}

describe('describeError', () => {
  it('says 页面没找到 for a 404', () => {
    expect(describeError(thrown(404))).toEqual({ status: 404, description: '页面没找到' });
  });

  it('shows the message of a 403, or forbidden', () => {
    expect(describeError(thrown(403, '无权限'))).toEqual({ status: 403, description: '无权限' });
    expect(describeError(thrown(403))).toEqual({ status: 403, description: Texts.http.forbidden });
  });

  it('says the server is busy for a 503', () => {
    expect(describeError(thrown(503, '服务器繁忙，请稍后再试'))).toEqual({
      status: 503,
      description: '服务器繁忙，请稍后再试',
    });
  });

  it('says "<status> 页面异常" otherwise, and 500 for thrown exceptions', () => {
    expect(describeError(thrown(502))).toEqual({ status: 502, description: '502 页面异常' });
    expect(describeError(new Error('boom'))).toEqual({ status: 500, description: '500 页面异常' });
  });
});
