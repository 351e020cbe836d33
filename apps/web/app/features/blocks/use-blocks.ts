import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '~/features/toast';
import { useViewer } from '~/features/users/viewer';
import { errorMessage } from '~/lib/api-error';
import { useTRPC } from '~/lib/trpc';
import { BlocksTexts } from '~/texts/blocks';

const NONE: ReadonlySet<number> = new Set();

/** The members the reader blocked (none for a visitor), asked once per page and shared. */
export function useBlockedIds(): ReadonlySet<number> {
  const trpc = useTRPC();
  const { user } = useViewer();
  const { data } = useQuery({ ...trpc.blocks.list.queryOptions(), enabled: !!user, staleTime: 60_000 });
  return data ? new Set(data.map((entry) => entry.id)) : NONE;
}

/** Block or unblock, with a toast, then read the block list again. */
export function useSetBlocked() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const block = useMutation(trpc.blocks.block.mutationOptions());
  const unblock = useMutation(trpc.blocks.unblock.mutationOptions());
  const set = async (userId: number, blocked: boolean) => {
    try {
      await (blocked ? block : unblock).mutateAsync({ userId });
      toast.success(blocked ? BlocksTexts.blocked : BlocksTexts.unblocked);
    } catch (error) {
      toast.error(BlocksTexts.failed(errorMessage(error)));
    } finally {
      await queryClient.invalidateQueries({ queryKey: trpc.blocks.list.queryKey() });
    }
  };
  return { set, pending: block.isPending || unblock.isPending };
}
