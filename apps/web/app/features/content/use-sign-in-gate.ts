import { useCallback, useRef } from 'react';
import { ErrorMessages } from '@forum/contracts';
import { useLatest } from '~/lib/use-latest';
import { useLocation, useNavigate } from 'react-router';
import { useViewer } from '~/features/users/viewer';
import { toast } from '~/features/toast';
import { signInUrl } from '~/lib/ref';

/**
 * For actions only signed-in users may take: the returned function runs `action` for a user; for a
 * visitor it says to sign in, then goes to sign-in with this page as the way back. While the reader
 * is not yet known (a shared render being filled in) a click waits for the answer, then does the
 * same with the page as it is by then (the action of the latest render runs).
 */
export function useSignInGate(action: () => void): () => void {
  const { user, pending, known } = useViewer();
  const navigate = useNavigate();
  const location = useLocation();
  const latest = useLatest(action);
  const waiting = useRef(false);
  return useCallback(() => {
    const refuse = () =>
      toast.error(ErrorMessages.NOT_SIGNED_IN, {
        // Not a failure to read at leisure: the sign-in page it leads to says the same.
        duration: 1500,
        onClose: () => void navigate(signInUrl(location.pathname + location.search)),
      });
    if (!pending) {
      if (user) latest.current();
      else refuse();
      return;
    }
    // One click is remembered; more clicks meanwhile would take the action back again.
    if (waiting.current) return;
    waiting.current = true;
    void known.then((reader) => {
      waiting.current = false;
      if (reader) latest.current();
      else refuse();
    });
  }, [user, pending, known, latest, navigate, location.pathname, location.search]);
}
