import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasswordResetMessages } from '@forum/contracts';
import type { Route } from './+types/user.password.reset';
import { buttonClass } from '~/components/Dialog';
import { AuthCard, AuthFields } from '~/features/users/AuthCard';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { pageMeta } from '~/lib/meta';
import { useTRPC } from '~/lib/trpc';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, '重置密码');

const fields = [
  {
    name: 'password',
    label: '新密码',
    placeholder: '请输入新密码',
    type: 'password',
    autoComplete: 'new-password',
  },
  {
    name: 'rePassword',
    label: '确认新密码',
    placeholder: '请再次输入新密码',
    type: 'password',
    autoComplete: 'new-password',
  },
] as const;

/** The page a reset mail links to: the new password, twice; then the reader signs in with it. */
export default function ResetPassword() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [values, setValues] = useState({ password: '', rePassword: '' });
  const reset = useMutation(trpc.users.resetPassword.mutationOptions());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.password) return void toast.error('请输入新密码');
    reset.mutate(
      { ...values, token },
      {
        onSuccess: () => {
          toast.success(PasswordResetMessages.done);
          void navigate('/user/signin');
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  if (!token) {
    return (
      <AuthCard title="重置密码">
        <p className="text-sm text-body" role="alert">
          {PasswordResetMessages.tokenInvalid}
        </p>
        <Link to="/user/password/forgot" className="mt-4 inline-block text-sm text-link hover:underline">
          重新申请
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="重置密码">
      <form className="space-y-4" onSubmit={submit} data-testid="reset-password-form">
        <AuthFields fields={fields} values={values} onChange={setValues} />
        <button type="submit" className={`${buttonClass.primary} w-full`} disabled={reset.isPending}>
          设置新密码
        </button>
        <p className="text-right text-sm">
          <Link to="/user/password/forgot" className="text-link hover:underline">
            链接失效？重新申请&gt;&gt;
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
