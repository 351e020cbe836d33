import { describe, expect, it } from 'vitest';
import { emailProblem, passwordChecks, signUpProblems } from './account-checks';

const valid = {
  nickname: '新人',
  username: '',
  email: 'new@example.com',
  password: 'secret-123',
  rePassword: 'secret-123',
};

const failures = (checks: readonly (readonly [string, unknown])[]) =>
  checks.filter(([, failure]) => failure).map(([field, failure]) => [field, failure]);

describe('the sign-up checks', () => {
  it('pass a valid form, the username being optional', () => {
    expect(failures(signUpProblems(valid))).toEqual([]);
    expect(failures(signUpProblems({ ...valid, username: 'speech_lab' }))).toEqual([]);
  });

  it('name each broken field with the API’s text', () => {
    expect(
      failures(
        signUpProblems({ nickname: ' ', username: '1abc', email: 'x@y', password: '123', rePassword: '' }),
      ),
    ).toEqual([
      ['nickname', '昵称不能为空'],
      ['username', '用户名必须由5-12位(数字、字母、_、-)组成，且必须以字母开头'],
      ['email', '邮箱格式不符合规范'],
      ['password', '密码过于简单'],
      ['rePassword', '两次输入密码不匹配'],
    ]);
  });

  it('ask for a missing e-mail and password', () => {
    expect(emailProblem('  ')).toBe('请输入邮箱');
    expect(failures(passwordChecks('', ''))).toEqual([['password', '请输入密码']]);
    expect(failures(passwordChecks('', '', '请输入新密码'))).toEqual([['password', '请输入新密码']]);
  });
});
