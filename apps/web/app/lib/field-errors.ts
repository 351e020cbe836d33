import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { errorField } from './api-error';

/**
 * What a form control carries: a ref (the form focuses it) and, while its field has an error, the
 * aria attributes that say so (WCAG 3.3.1, 4.1.2). No id: the message's id is only ever rendered
 * in the browser, so nothing here can differ between the server's HTML and hydration.
 */
export interface FieldControlProps {
  ref: (element: HTMLElement | null) => void;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A check of one field: its message when it fails, or a falsy value when it passes. */
export type FieldCheck<F extends string> = readonly [field: F, failure: string | null | false | undefined];

export interface FieldErrors<F extends string> {
  /** The message shown beside `field`, if any. */
  message: (field: F) => string | undefined;
  /** The id of the message element of `field` (the control's `aria-describedby`). */
  messageId: (field: F) => string;
  /** Props for the control of `field`: its ref, and while it has an error its aria attributes. */
  control: (field: F) => FieldControlProps;
  /** Drops the error of `field`: call it when the field changes (its value is being corrected). */
  clear: (field: F) => void;
  /**
   * Shows each failing check beside its field and moves focus to the first invalid field. Fields
   * that pass keep nothing. Returns true when every check passed.
   */
  check: (checks: readonly FieldCheck<F>[]) => boolean;
  /**
   * A server answer that names one of `fields` (tRPC `data.field`) goes beside that field, which
   * gets focus; returns false for any other error, which the caller reports another way (a toast).
   */
  fromServer: (error: unknown, message: string) => boolean;
}

/**
 * Inline errors of one form: each field's message stays beside it until the field changes, the
 * control is `aria-invalid` and described by the message, and a failed submit focuses the first
 * invalid field. `fields` lists the form's fields in their order on the page.
 */
export function useFieldErrors<F extends string>(fields: readonly F[]): FieldErrors<F> {
  const prefix = useId();
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const elements = useRef(new Map<F, HTMLElement>());
  const messageId = useCallback((field: F) => `${prefix}-${field}-error`, [prefix]);
  // The field to focus once its error is rendered: an effect, so nothing the submitting event does
  // after the handler takes the focus back.
  const pendingFocus = useRef<F | null>(null);
  useEffect(() => {
    const field = pendingFocus.current;
    if (!field) return;
    pendingFocus.current = null;
    elements.current.get(field)?.focus();
  }, [errors]);
  const clear = useCallback(
    (field: F) =>
      setErrors((old) => {
        if (!(field in old)) return old;
        const next = { ...old };
        delete next[field];
        return next;
      }),
    [],
  );
  return useMemo(() => {
    const check = (checks: readonly FieldCheck<F>[]) => {
      const failed: Partial<Record<F, string>> = {};
      for (const [field, failure] of checks) if (failure && !(field in failed)) failed[field] = failure;
      setErrors(failed);
      const first = fields.find((field) => field in failed);
      pendingFocus.current = first ?? null;
      return !first;
    };
    const fromServer = (error: unknown, message: string) => {
      const field = errorField(error);
      const known = fields.find((name) => name === field);
      if (!known) return false;
      setErrors((old) => ({ ...old, [known]: message }));
      pendingFocus.current = known;
      return true;
    };
    return {
      message: (field: F) => errors[field],
      messageId,
      control: (field: F) => ({
        ref: (element: HTMLElement | null) => {
          if (element) elements.current.set(field, element);
          else elements.current.delete(field);
        },
        'aria-invalid': errors[field] ? true : undefined,
        'aria-describedby': errors[field] ? messageId(field) : undefined,
      }),
      clear,
      check,
      fromServer,
    };
  }, [errors, fields, clear, messageId]);
}
