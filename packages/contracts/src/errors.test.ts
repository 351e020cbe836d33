import { describe, expect, it } from 'vitest';
import { AppErrorCode, ErrorMessages, HttpStatusOf, LegacyErrorCodes } from './errors';

describe('error catalogue', () => {
  it('every code has a Chinese message and an HTTP status', () => {
    for (const code of Object.values(AppErrorCode)) {
      expect(ErrorMessages[code]).toMatch(/[\u4e00-\u9fff]/);
      expect(HttpStatusOf[code]).toBeGreaterThanOrEqual(400);
    }
  });

  it('keeps the legacy numeric codes and texts of docs/legacy-api.md §0.5', () => {
    const legacy = Object.entries(LegacyErrorCodes).map(([code, number]) => [
      number,
      ErrorMessages[code as AppErrorCode],
    ]);
    expect(legacy).toEqual([
      [1, '请先登录'],
      [1000, '验证码错误'],
      [1001, '已被禁言'],
      [1002, '账号已禁用'],
      [1003, '账号尚在观察期，请稍后再试'],
      [1004, '请先验证邮箱'],
    ]);
  });
});
