/** The reader's on/off actions (like, favourite, follow): one press rule and one button. */
import { useState, type ReactNode } from 'react';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { CommonTexts } from '~/texts/common';
import { useSignInGate } from './use-sign-in-gate';

/** What a toggle needs of a tRPC mutation. */
interface ToggleMutation<Input, Result> {
  mutate(
    input: Input,
    options: { onSuccess: (result: Result) => void; onError: (error: unknown) => void },
  ): void;
  isPending: boolean;
}

/**
 * A toggle's state, where what the reader did here wins over `initial` (what the page read), and its
 * press: `off` when the state `isOn`, `on` otherwise, then `onToggled` with the state the answer
 * gives; a visitor is sent to sign in, a failure is toasted (after `failure`, when given).
 */
export function useToggle<State, Input, Result>({
  initial,
  isOn,
  on,
  off,
  input,
  next,
  onToggled,
  failure,
}: {
  initial: State;
  isOn: (state: State) => boolean;
  on: ToggleMutation<Input, Result>;
  off: ToggleMutation<Input, Result>;
  input: Input;
  next: (state: State, result: Result) => State;
  onToggled: (next: State) => void;
  failure?: string;
}) {
  const [changed, setChanged] = useState<State>();
  const state = changed ?? initial;
  const press = useSignInGate(() => {
    const mutation = isOn(state) ? off : on;
    mutation.mutate(input, {
      onSuccess: (result) => {
        const after = next(state, result);
        setChanged(after);
        onToggled(after);
      },
      onError: (error) =>
        toast.error(failure ? CommonTexts.failedWith(failure, errorMessage(error)) : errorMessage(error)),
    });
  });
  return { state, press, pending: on.isPending || off.isPending };
}

/** A toggle's button: pressed while on, and off while its request runs. */
export function ToggleButton({
  toggle,
  pressed,
  testId,
  className,
  children,
}: {
  toggle: { press: () => void; pending: boolean };
  pressed: boolean;
  testId: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      data-testid={testId}
      aria-pressed={pressed}
      disabled={toggle.pending}
      className={className}
      onClick={toggle.press}
    >
      {children}
    </button>
  );
}
