import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { inputClass } from '~/components/Dialog';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import type { FieldControlProps } from '~/lib/field-errors';
import { useTRPC } from '~/lib/trpc';
import { UsersTexts } from '~/texts/users';

/**
 * A captcha for a form: requested on mount, new digits on demand. Every answer consumes the
 * captcha on the server, so a failed submit calls `refresh()` and the field is cleared.
 */
export function useCaptcha() {
  const trpc = useTRPC();
  const [captcha, setCaptcha] = useState<{ captchaId: string; captchaUrl: string } | null>(null);
  const [code, setCode] = useState('');
  const { mutate } = useMutation(trpc.users.captcha.mutationOptions());
  const request = useCallback(
    (captchaId: string) =>
      mutate({ captchaId }, { onSuccess: setCaptcha, onError: (error) => toast.error(errorMessage(error)) }),
    [mutate],
  );
  const refresh = useCallback(() => {
    setCode('');
    request(captcha?.captchaId ?? '');
  }, [captcha?.captchaId, request]);
  // One new captcha per form when it mounts; later ones reuse its id.
  useEffect(() => request(''), [request]);
  return { captchaId: captcha?.captchaId ?? '', captchaUrl: captcha?.captchaUrl, code, setCode, refresh };
}

export function CaptchaField({
  captcha,
  control,
  onEdit,
}: {
  captcha: ReturnType<typeof useCaptcha>;
  /** Its id and error attributes, in a form with inline errors (`useFieldErrors`). */
  control?: FieldControlProps;
  /** Called when the user types in it (the form drops the field's error). */
  onEdit?: () => void;
}) {
  return (
    <div className="flex items-center gap-3">
      <input
        name="captchaCode"
        className={inputClass}
        placeholder={UsersTexts.captcha.label}
        autoComplete="off"
        inputMode="numeric"
        maxLength={8}
        value={captcha.code}
        {...control}
        onChange={(event) => {
          onEdit?.();
          captcha.setCode(event.target.value);
        }}
      />
      <button
        type="button"
        title={UsersTexts.captcha.refreshHint}
        aria-label={UsersTexts.captcha.refresh}
        className="h-10 w-[120px] shrink-0 overflow-hidden rounded-md border border-line bg-input"
        onClick={captcha.refresh}
      >
        {captcha.captchaUrl && (
          <img
            src={captcha.captchaUrl}
            alt={UsersTexts.captcha.label}
            data-testid="captcha-image"
            className="size-full object-cover"
          />
        )}
      </button>
    </div>
  );
}
