import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '~/features/session/hooks';
import { toast } from '~/features/toast';
import { signInUrl } from '~/lib/ref';

/**
 * For actions only signed-in users may take: returns `true` for a user; for a visitor it shows
 * '请先登录', then goes to sign-in with this page as the way back, and returns `false`.
 */
export function useSignInGate(): () => boolean {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (user) return true;
    toast.error('请先登录', { onClose: () => void navigate(signInUrl(location.pathname + location.search)) });
    return false;
  }, [user, navigate, location.pathname, location.search]);
}
