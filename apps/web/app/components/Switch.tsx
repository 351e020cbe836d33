/** An on/off switch (`role="switch"`), named by `label` for screen readers. */
export function Switch({
  on,
  label,
  testId,
  disabled,
  onToggle,
}: {
  on: boolean;
  label: string;
  testId: string;
  disabled: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={label}
      data-testid={testId}
      disabled={disabled}
      onClick={onToggle}
      className={`relative h-5 w-9 shrink-0 rounded-full transition-colors ${on ? 'bg-accent-fill' : 'bg-line'}`}
    >
      <span
        className={`absolute top-0.5 left-0.5 size-4 rounded-full bg-white shadow transition-transform ${
          on ? 'translate-x-4' : ''
        }`}
      />
    </button>
  );
}
