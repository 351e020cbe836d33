import { useCallback, useId, useMemo, useState } from 'react';
import { errorField } from './api-error';

/** What a form control carries while its field has an error (WCAG 3.3.1, 4.1.2). */
export interface FieldControlProps {
  id: string;
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
  /** Props for the control of `field`: its id, and while it has an error its aria attributes. */
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
  const controlId = useCallback((field: F) => `${prefix}-${field}`, [prefix]);
  const messageId = useCallback((field: F) => `${prefix}-${field}-error`, [prefix]);
  const focus = useCallback((field: F) => document.getElementById(controlId(field))?.focus(), [controlId]);
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
      if (first) focus(first);
      return !first;
    };
    const fromServer = (error: unknown, message: string) => {
      const field = errorField(error);
      const known = fields.find((name) => name === field);
      if (!known) return false;
      setErrors((old) => ({ ...old, [known]: message }));
      focus(known);
      return true;
    };
    return {
      message: (field: F) => errors[field],
      messageId,
      control: (field: F) => ({
        id: controlId(field),
        'aria-invalid': errors[field] ? true : undefined,
        'aria-describedby': errors[field] ? messageId(field) : undefined,
      }),
      clear,
      check,
      fromServer,
    };
  }, [errors, fields, focus, clear, controlId, messageId]);
}
