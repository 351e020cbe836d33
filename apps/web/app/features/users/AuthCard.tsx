import type { ReactNode } from 'react';
import { Card } from '~/components/Card';
import { inputClass } from '~/components/Dialog';
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

function FormRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="block">
      <span className="mb-1.5 block text-sm text-muted">{label}</span>
      {children}
    </label>
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

/** The text boxes of the sign-in or sign-up form, each under its label. */
export function AuthFields<Name extends string>({
  fields,
  values,
  onChange,
}: {
  fields: readonly AuthField<Name>[];
  values: Record<Name, string>;
  onChange: (values: Record<Name, string>) => void;
}) {
  return fields.map((field) => (
    <FormRow key={field.name} label={field.label}>
      <input
        name={field.name}
        type={field.type}
        className={inputClass}
        placeholder={field.placeholder}
        autoComplete={field.autoComplete}
        value={values[field.name]}
        onChange={(event) => onChange({ ...values, [field.name]: event.target.value })}
      />
    </FormRow>
  ));
}

/** The captcha under its label, the last row of both forms. */
export function AuthCaptchaRow({ captcha }: { captcha: ReturnType<typeof useCaptcha> }) {
  return (
    <FormRow label={UsersTexts.captcha.label}>
      <CaptchaField captcha={captcha} />
    </FormRow>
  );
}
