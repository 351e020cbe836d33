import { HydrationBoundary, useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/user.signup';
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
import { signUpProblems } from '~/features/users/account-checks';
import { UsersTexts } from '~/texts/users';

const texts = UsersTexts.auth.signUp;

export const loader = ({ request }: Route.LoaderArgs) => loadSignInPage(request);

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, texts.title);

const fields = [
  {
    name: 'nickname',
    label: texts.nickname,
    placeholder: texts.nicknamePlaceholder,
    type: 'text',
    autoComplete: 'nickname',
  },
  {
    name: 'username',
    label: texts.username,
    placeholder: texts.usernamePlaceholder,
    type: 'text',
    autoComplete: 'username',
  },
  {
    name: 'email',
    label: texts.email,
    placeholder: texts.emailPlaceholder,
    type: 'email',
    autoComplete: 'email',
  },
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

type SignUpFields = Record<(typeof fields)[number]['name'], string>;

/** The fields in their order on the page: the first invalid one gets focus. */
const fieldOrder = ['nickname', 'username', 'email', 'password', 'rePassword', 'captchaCode'] as const;

export default function SignUp({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <SignUpForm />
    </HydrationBoundary>
  );
}

function SignUpForm() {
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const ref = params.get('ref');
  const [values, setValues] = useState<SignUpFields>({
    nickname: '',
    username: '',
    email: '',
    password: '',
    rePassword: '',
  });
  const captcha = useCaptcha();
  const signUp = useMutation(trpc.users.signup.mutationOptions());
  const errors = useFieldErrors(fieldOrder);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = errors.check([
      ...signUpProblems(values),
      ['captchaCode', !captcha.code.trim() && UsersTexts.auth.captchaRequired],
    ]);
    if (!valid) return;
    signUp.mutate(
      { ...values, captchaId: captcha.captchaId, captchaCode: captcha.code, ref: safeRef(ref) },
      {
        // A full load, so every part of the page renders for the new session; the toast shows first.
        onSuccess: (session) =>
          toast.success(texts.done, {
            onClose: () => window.location.assign(safeRef(ref, `/user/${session.user.id}`)),
          }),
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
      <form className="space-y-4" onSubmit={submit} noValidate data-testid="signup-form">
        <AuthFields fields={fields} values={values} onChange={setValues} errors={errors} />
        <AuthCaptchaRow captcha={captcha} errors={errors} />
        <button
          type="submit"
          className={`${buttonClass.primary} w-full`}
          disabled={signUp.isPending || signUp.isSuccess}
        >
          {texts.submit}
        </button>
        <p className="text-right text-sm">
          <Link to={withRef('/user/signin', ref)} className="text-link hover:underline">
            {texts.toSignIn}
          </Link>
        </p>
      </form>
      <ThirdPartyLogin returnTo={safeRef(ref)} />
    </AuthCard>
  );
}
