import { describe, expect, it } from 'vitest';
import { isCallbackProvider, providerButtonLabel } from './providers';

describe('third-party sign-in buttons', () => {
  it('use the original texts, and the configured name for OpenID Connect', () => {
    expect(providerButtonLabel({ provider: 'github', name: 'GitHub' })).toBe('Github 登录');
    expect(providerButtonLabel({ provider: 'osc', name: '开源中国' })).toBe('Oschina 登录');
    expect(providerButtonLabel({ provider: 'qq', name: 'QQ' })).toBe('QQ 登录');
    expect(providerButtonLabel({ provider: 'oidc', name: '实验室账号' })).toBe('实验室账号 登录');
  });

  it('know which callback paths exist', () => {
    expect(['github', 'osc', 'qq', 'oidc'].every(isCallbackProvider)).toBe(true);
    expect(isCallbackProvider('weibo')).toBe(false);
    expect(isCallbackProvider(undefined)).toBe(false);
  });
});
