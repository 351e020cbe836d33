import type { FieldErrors } from '~/lib/field-errors';

/**
 * The error of one form field, under it: the text its control's `aria-describedby` points at.
 * Renders nothing while the field has no error.
 */
export function FieldError<F extends string>({ errors, field }: { errors: FieldErrors<F>; field: F }) {
  const message = errors.message(field);
  if (!message) return null;
  return (
    <p id={errors.messageId(field)} className="mt-1 text-xs text-accent" data-testid={`field-error-${field}`}>
      {message}
    </p>
  );
}
