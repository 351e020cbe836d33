import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TextsPasswordReset } from '@forum/contracts';
import type { Route } from './+types/user.password.reset';
import { buttonClass } from '~/components/Dialog';
import { AuthCard, AuthFields } from '~/features/users/AuthCard';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { useFieldErrors } from '~/lib/field-errors';
import { passwordChecks } from '~/features/users/account-checks';
import { pageMeta } from '~/lib/meta';
import { useTRPC } from '~/lib/trpc';
import { UsersTexts } from '~/texts/users';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, texts.title);

const texts = UsersTexts.auth.resetPassword;

const fields = [
  {
    name: 'password',
    label: texts.password,
    placeholder: texts.passwordPlaceholder,
    type: 'password',
    autoComplete: 'new-password',
  },
  {
    name: 'rePassword',
    label: texts.rePassword,
    placeholder: texts.rePasswordPlaceholder,
    type: 'password',
    autoComplete: 'new-password',
  },
] as const;

const fieldOrder = ['password', 'rePassword'] as const;

/** The page a reset mail links to: the new password, twice; then the reader signs in with it. */
export default function ResetPassword() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [values, setValues] = useState({ password: '', rePassword: '' });
  const reset = useMutation(trpc.users.resetPassword.mutationOptions());
  const errors = useFieldErrors(fieldOrder);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!errors.check(passwordChecks(values.password, values.rePassword, texts.passwordRequired))) return;
    reset.mutate(
      { ...values, token },
      {
        onSuccess: () => {
          toast.success(TextsPasswordReset.done);
          void navigate('/user/signin');
        },
        onError: (error) => {
          const message = errorMessage(error);
          if (!errors.fromServer(error, message)) toast.error(message);
        },
      },
    );
  };

  if (!token) {
    return (
      <AuthCard title={texts.title}>
        <p className="text-sm text-body" role="alert">
          {TextsPasswordReset.tokenInvalid}
        </p>
        <Link to="/user/password/forgot" className="mt-4 inline-block text-sm text-link hover:underline">
          {texts.requestAgain}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={texts.title}>
      <form className="space-y-4" onSubmit={submit} noValidate data-testid="reset-password-form">
        <AuthFields fields={fields} values={values} onChange={setValues} errors={errors} />
        <button type="submit" className={`${buttonClass.primary} w-full`} disabled={reset.isPending}>
          {texts.submit}
        </button>
        <p className="text-right text-sm">
          <Link to="/user/password/forgot" className="text-link hover:underline">
            {texts.linkExpired}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
