import { HydrationBoundary, useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/user.signin';
import { buttonClass, inputClass } from '~/components/Dialog';
import { AuthCard, FormRow } from '~/features/users/AuthCard';
import { CaptchaField, useCaptcha } from '~/features/users/Captcha';
import { loadSignInPage } from '~/features/users/session-routes.server';
import { ThirdPartyLogin } from '~/features/users/ThirdPartyLogin';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { pageMeta } from '~/lib/meta';
import { safeRef, withRef } from '~/lib/ref';
import { useTRPC } from '~/lib/trpc';

export const loader = ({ request }: Route.LoaderArgs) => loadSignInPage(request);

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, '登录');

export default function SignIn({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <SignInForm />
    </HydrationBoundary>
  );
}

function SignInForm() {
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const ref = params.get('ref');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const captcha = useCaptcha();
  const signIn = useMutation(trpc.users.signin.mutationOptions());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim()) return void toast.error('请输入用户名或邮箱');
    if (!password) return void toast.error('请输入密码');
    if (!captcha.code.trim()) return void toast.error('请输入验证码');
    signIn.mutate(
      { username, password, captchaId: captcha.captchaId, captchaCode: captcha.code, ref: safeRef(ref) },
      {
        // A full load, so every part of the page is rendered again for the signed-in user.
        onSuccess: () => window.location.assign(safeRef(ref)),
        onError: (error) => {
          toast.error(errorMessage(error));
          captcha.refresh();
        },
      },
    );
  };

  return (
    <AuthCard title="登录">
      <form className="space-y-4" onSubmit={submit} data-testid="signin-form">
        <FormRow label="用户名/邮箱">
          <input
            name="username"
            className={inputClass}
            placeholder="请输入用户名或邮箱"
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
        </FormRow>
        <FormRow label="密码">
          <input
            name="password"
            type="password"
            className={inputClass}
            placeholder="请输入密码"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </FormRow>
        <FormRow label="验证码">
          <CaptchaField captcha={captcha} />
        </FormRow>
        <button type="submit" className={`${buttonClass.primary} w-full`} disabled={signIn.isPending}>
          登录
        </button>
        <p className="text-right text-sm">
          <Link to={withRef('/user/signup', ref)} className="text-link hover:underline">
            没有账号？点击这里去注册&gt;&gt;
          </Link>
        </p>
      </form>
      <ThirdPartyLogin returnTo={safeRef(ref)} />
    </AuthCard>
  );
}
