import type { ReactNode } from 'react';
import { Card } from '~/components/Card';
import { inputClass } from '~/components/Dialog';
import { FieldError } from '~/components/FieldError';
import type { FieldErrors } from '~/lib/field-errors';
import { UsersTexts } from '~/texts/users';
import { CaptchaField, type useCaptcha } from './Captcha';

/** The narrow card of the sign-in and sign-up pages. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-[440px] px-2 py-6 md:py-10">
      <Card title={title}>
        <div className="px-6 py-6">{children}</div>
      </Card>
    </div>
  );
}

function FormRow({ label, children, after }: { label: string; children: ReactNode; after?: ReactNode }) {
  return (
    <div>
      <label className="block">
        <span className="mb-1.5 block text-sm text-muted">{label}</span>
        {children}
      </label>
      {after}
    </div>
  );
}

/** A text box of the sign-in or sign-up form. */
export interface AuthField<Name extends string> {
  name: Name;
  label: string;
  placeholder: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
}

/**
 * The text boxes of an account form (sign-in, sign-up, password reset), each under its label with
 * its error below it; editing a field drops its error.
 */
export function AuthFields<Name extends string>({
  fields,
  values,
  onChange,
  errors,
}: {
  fields: readonly AuthField<Name>[];
  values: Record<Name, string>;
  onChange: (values: Record<Name, string>) => void;
  errors: FieldErrors<Name>;
}) {
  return fields.map((field) => (
    <FormRow key={field.name} label={field.label} after={<FieldError errors={errors} field={field.name} />}>
      <input
        name={field.name}
        type={field.type}
        className={inputClass}
        placeholder={field.placeholder}
        autoComplete={field.autoComplete}
        value={values[field.name]}
        {...errors.control(field.name)}
        onChange={(event) => {
          errors.clear(field.name);
          onChange({ ...values, [field.name]: event.target.value });
        }}
      />
    </FormRow>
  ));
}

/** The captcha under its label with its error, the last row of the account forms. */
export function AuthCaptchaRow({
  captcha,
  errors,
}: {
  captcha: ReturnType<typeof useCaptcha>;
  errors: FieldErrors<'captchaCode'>;
}) {
  return (
    <FormRow label={UsersTexts.captcha.label} after={<FieldError errors={errors} field="captchaCode" />}>
      <CaptchaField
        captcha={captcha}
        control={errors.control('captchaCode')}
        onEdit={() => errors.clear('captchaCode')}
      />
    </FormRow>
  );
}
