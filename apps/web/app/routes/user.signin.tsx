import { HydrationBoundary, useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/user.signin';
import { buttonClass } from '~/components/Dialog';
import { AuthCaptchaRow, AuthCard, AuthFields } from '~/features/users/AuthCard';
import { useCaptcha } from '~/features/users/Captcha';
import { loadSignInPage } from '~/features/users/session-routes.server';
import { ThirdPartyLogin } from '~/features/users/ThirdPartyLogin';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { useFieldErrors } from '~/lib/field-errors';
import { pageMeta } from '~/lib/meta';
import { safeRef, withRef } from '~/lib/ref';
import { useTRPC } from '~/lib/trpc';
import { UsersTexts } from '~/texts/users';

const texts = UsersTexts.auth.signIn;

export const loader = ({ request }: Route.LoaderArgs) => loadSignInPage(request);

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, texts.title);

const fields = [
  {
    name: 'username',
    label: texts.loginName,
    placeholder: texts.loginNamePlaceholder,
    type: 'text',
    autoComplete: 'username',
  },
  {
    name: 'password',
    label: texts.password,
    placeholder: texts.passwordPlaceholder,
    type: 'password',
    autoComplete: 'current-password',
  },
] as const;

/** The fields in their order on the page: the first invalid one gets focus. */
const fieldOrder = ['username', 'password', 'captchaCode'] as const;

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
  const [values, setValues] = useState({ username: '', password: '' });
  const captcha = useCaptcha();
  const signIn = useMutation(trpc.users.signin.mutationOptions());
  const errors = useFieldErrors(fieldOrder);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = errors.check([
      ['username', !values.username.trim() && texts.loginNameRequired],
      ['password', !values.password && texts.passwordRequired],
      ['captchaCode', !captcha.code.trim() && UsersTexts.auth.captchaRequired],
    ]);
    if (!valid) return;
    signIn.mutate(
      { ...values, captchaId: captcha.captchaId, captchaCode: captcha.code, ref: safeRef(ref) },
      {
        // A full load, so every part of the page is rendered again for the signed-in user.
        onSuccess: () => window.location.assign(safeRef(ref)),
        onError: (error) => {
          const message = errorMessage(error);
          if (!errors.fromServer(error, message)) toast.error(message);
          captcha.refresh();
        },
      },
    );
  };

  return (
    <AuthCard title={texts.title}>
      <form className="space-y-4" onSubmit={submit} noValidate data-testid="signin-form">
        <AuthFields fields={fields} values={values} onChange={setValues} errors={errors} />
        <AuthCaptchaRow captcha={captcha} errors={errors} />
        <button type="submit" className={`${buttonClass.primary} w-full`} disabled={signIn.isPending}>
          {texts.submit}
        </button>
        <p className="flex justify-between gap-3 text-sm">
          <Link
            to="/user/password/forgot"
            className="text-link hover:underline"
            data-testid="forgot-password"
          >
            {texts.forgotPassword}
          </Link>
          <Link to={withRef('/user/signup', ref)} className="text-link hover:underline">
            {texts.toSignUp}
          </Link>
        </p>
      </form>
      <ThirdPartyLogin returnTo={safeRef(ref)} />
    </AuthCard>
  );
}
