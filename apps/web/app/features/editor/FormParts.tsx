import { useEffect, type ReactNode, type RefObject } from 'react';
import { buttonClass, inputClass } from '~/components/Dialog';
import { CaptchaField, useCaptcha } from '~/features/users/Captcha';
import { MutedNotice } from '~/features/mute/MutedNotice';
import { FieldError } from '~/components/FieldError';
import type { FieldErrors } from '~/lib/field-errors';
import { CommonTexts } from '~/texts/common';

/** The white card of an editor page with its title (`EditorTexts.forms`). */
export function EditorCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-[1000px] px-2 py-3 md:px-4 md:py-4">
      <section className="rounded-lg bg-card px-4 py-5 shadow-[0_1px_2px_rgba(0,0,0,0.04)] md:px-6">
        <h1 className="mb-5 border-b border-line pb-3 text-lg font-semibold text-body">{title}</h1>
        <div className="space-y-4">
          <MutedNotice />
          {children}
        </div>
      </section>
    </div>
  );
}

export type FormCaptchaState = ReturnType<typeof useCaptcha>;

/** The captcha of a topic form (config.topicCaptcha); the form reads it through `captchaRef`. */
export function FormCaptcha({
  captchaRef,
  errors,
}: {
  captchaRef: RefObject<FormCaptchaState | null>;
  errors: FieldErrors<'captchaCode'>;
}) {
  const captcha = useCaptcha();
  useEffect(() => {
    captchaRef.current = captcha;
  });
  return (
    <div className="max-w-sm">
      <CaptchaField
        captcha={captcha}
        control={errors.control('captchaCode')}
        onEdit={() => errors.clear('captchaCode')}
      />
      <FieldError errors={errors} field="captchaCode" />
    </div>
  );
}

/** The title field of a topic or article form, with its error under it. */
export function TitleInput({
  value,
  placeholder,
  onChange,
  errors,
}: {
  value: string;
  placeholder: string;
  onChange: (title: string) => void;
  errors: FieldErrors<'title'>;
}) {
  return (
    <div>
      <input
        name="title"
        className={inputClass}
        placeholder={placeholder}
        aria-label={placeholder}
        value={value}
        {...errors.control('title')}
        onChange={(event) => {
          errors.clear('title');
          onChange(event.target.value);
        }}
      />
      <FieldError errors={errors} field="title" />
    </div>
  );
}

/** The form's submit button: `label`, or `CommonTexts.submitting` while the request runs. */
export function SubmitButton({
  label,
  submitting,
  onSubmit,
}: {
  label: string;
  submitting: boolean;
  onSubmit: () => void;
}) {
  return (
    <button
      type="button"
      data-testid="editor-submit"
      className={buttonClass.primary}
      disabled={submitting}
      onClick={onSubmit}
    >
      {submitting ? CommonTexts.submitting : label}
    </button>
  );
}
