import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PasswordResetMessages } from '@forum/contracts';
import type { Route } from './+types/user.password.forgot';
import { buttonClass } from '~/components/Dialog';
import { AuthCaptchaRow, AuthCard, AuthFields } from '~/features/users/AuthCard';
import { useCaptcha } from '~/features/users/Captcha';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { pageMeta } from '~/lib/meta';
import { useTRPC } from '~/lib/trpc';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, '找回密码');

const fields = [
  {
    name: 'email',
    label: '邮箱',
    placeholder: '请输入注册时使用的邮箱',
    type: 'email',
    autoComplete: 'email',
  },
] as const;

/** 忘记密码: an address and a captcha; the link arrives by mail (see users.requestPasswordReset). */
export default function ForgotPassword() {
  const trpc = useTRPC();
  const [values, setValues] = useState({ email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const captcha = useCaptcha();
  const request = useMutation(trpc.users.requestPasswordReset.mutationOptions());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.email.trim()) return void toast.error(PasswordResetMessages.emailRequired);
    if (!captcha.code.trim()) return void toast.error('请输入验证码');
    request.mutate(
      { ...values, captchaId: captcha.captchaId, captchaCode: captcha.code },
      {
        onSuccess: ({ email }) => setSentTo(email),
        onError: (error) => {
          toast.error(errorMessage(error));
          captcha.refresh();
        },
      },
    );
  };

  return (
    <AuthCard title="找回密码">
      {sentTo ? (
        <div className="space-y-4 text-sm leading-6 text-body" data-testid="reset-requested" role="status">
          <p>{PasswordResetMessages.requested(sentTo)}</p>
          <p className="text-muted">没有收到？请检查垃圾邮件，或稍后重新申请。</p>
          <Link to="/user/signin" className="text-link hover:underline">
            返回登录
          </Link>
        </div>
      ) : (
        <form className="space-y-4" onSubmit={submit} data-testid="forgot-password-form">
          <AuthFields fields={fields} values={values} onChange={setValues} />
          <AuthCaptchaRow captcha={captcha} />
          <button type="submit" className={`${buttonClass.primary} w-full`} disabled={request.isPending}>
            发送重置邮件
          </button>
          <p className="text-right text-sm">
            <Link to="/user/signin" className="text-link hover:underline">
              想起来了？返回登录&gt;&gt;
            </Link>
          </p>
        </form>
      )}
    </AuthCard>
  );
}
