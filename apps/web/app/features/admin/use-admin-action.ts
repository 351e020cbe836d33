import { useQueryClient } from '@tanstack/react-query';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';

/**
 * Runs an admin mutation, tells the result in a toast, then refetches every admin list (an
 * action on one screen changes what the others show, the operation log included).
 */
export function useAdminAction() {
  const queryClient = useQueryClient();
  /** Resolves to whether the action succeeded. */
  return async (run: () => Promise<unknown>, done: string): Promise<boolean> => {
    try {
      await run();
      toast.success(done);
      return true;
    } catch (error) {
      toast.error(errorMessage(error));
      return false;
    } finally {
      await queryClient.invalidateQueries({
        predicate: (query) =>
          String((query.queryKey[0] as string[] | undefined)?.[0] ?? '').startsWith('admin'),
      });
    }
  };
}
