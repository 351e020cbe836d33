import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { EMAIL_PATTERN, TextsPasswordReset } from '@forum/contracts';
import type { Route } from './+types/user.password.forgot';
import { buttonClass } from '~/components/Dialog';
import { AuthCaptchaRow, AuthCard, AuthFields } from '~/features/users/AuthCard';
import { useCaptcha } from '~/features/users/Captcha';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { useFieldErrors } from '~/lib/field-errors';
import { pageMeta } from '~/lib/meta';
import { useTRPC } from '~/lib/trpc';
import { UsersTexts } from '~/texts/users';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, texts.title);

const texts = UsersTexts.auth.forgotPassword;

const fields = [
  {
    name: 'email',
    label: texts.email,
    placeholder: TextsPasswordReset.emailRequired,
    type: 'email',
    autoComplete: 'email',
  },
] as const;

const fieldOrder = ['email', 'captchaCode'] as const;

/** The forgotten-password page: an address and a captcha; the link arrives by mail (see users.requestPasswordReset). */
export default function ForgotPassword() {
  const trpc = useTRPC();
  const [values, setValues] = useState({ email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const captcha = useCaptcha();
  const request = useMutation(trpc.users.requestPasswordReset.mutationOptions());
  const errors = useFieldErrors(fieldOrder);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = errors.check([
      // The API answers an empty and a malformed address with the same text.
      ['email', !EMAIL_PATTERN.test(values.email.trim()) && TextsPasswordReset.emailRequired],
      ['captchaCode', !captcha.code.trim() && UsersTexts.auth.captchaRequired],
    ]);
    if (!valid) return;
    request.mutate(
      { ...values, captchaId: captcha.captchaId, captchaCode: captcha.code },
      {
        onSuccess: ({ email }) => setSentTo(email),
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
      {sentTo ? (
        <div className="space-y-4 text-sm leading-6 text-body" data-testid="reset-requested" role="status">
          <p>{TextsPasswordReset.requested(sentTo)}</p>
          <p className="text-muted">{texts.notReceived}</p>
          <Link to="/user/signin" className="text-link hover:underline">
            {texts.backToSignIn}
          </Link>
        </div>
      ) : (
        <form className="space-y-4" onSubmit={submit} noValidate data-testid="forgot-password-form">
          <AuthFields fields={fields} values={values} onChange={setValues} errors={errors} />
          <AuthCaptchaRow captcha={captcha} errors={errors} />
          <button type="submit" className={`${buttonClass.primary} w-full`} disabled={request.isPending}>
            {texts.submit}
          </button>
          <p className="text-right text-sm">
            <Link to="/user/signin" className="text-link hover:underline">
              {texts.remembered}
            </Link>
          </p>
        </form>
      )}
    </AuthCard>
  );
}
