import { describe, expect, it } from 'vitest';
import { errorField, errorMessage } from './api-error';

describe('errorMessage', () => {
  it('prefers the AppError text of a tRPC error', () => {
    expect(
      errorMessage({ message: 'x', data: { appError: { code: 'USER_MUTED', message: '已被禁言' } } }),
    ).toBe('已被禁言');
  });

  it('uses a Chinese message, and falls back for anything else', () => {
    expect(errorMessage(new Error('验证码错误'))).toBe('验证码错误');
    expect(errorMessage(new Error('Failed to fetch'))).toBe('服务器异常，请稍后再试');
    expect(errorMessage(undefined, '失败')).toBe('失败');
  });
});

describe('errorField', () => {
  it('is the field a tRPC error names, or null', () => {
    expect(errorField({ data: { field: 'email', appError: { code: 'CONFLICT', message: '' } } })).toBe(
      'email',
    );
    expect(errorField({ data: { field: null } })).toBeNull();
    expect(errorField(new Error('验证码错误'))).toBeNull();
    expect(errorField(undefined)).toBeNull();
  });
});
