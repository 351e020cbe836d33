import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { TopicDetail } from '@forum/contracts';
import { ConfirmDialog } from '~/components/Dialog';
import { Dropdown, type DropdownItem } from '~/components/Dropdown';
import { ChevronDownIcon } from '~/components/icons';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { useTRPC } from '~/lib/trpc';

interface PendingAction {
  message: string;
  run: () => void;
}

/**
 * "管理 ▾" on a topic, with what the reader may do to it (`topic.can`: its author and admins 修改
 * titled topics and 删除, admins 推荐 / 置顶 and their reverses). Every change asks first.
 */
export function TopicManageMenu({ topic }: { topic: TopicDetail }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const remove = useMutation(trpc.topics.delete.mutationOptions());
  const recommend = useMutation(trpc.topics.recommend.mutationOptions());
  const sticky = useMutation(trpc.topics.setSticky.mutationOptions());
  const { can } = topic;
  if (!Object.values(can).some(Boolean)) return null;

  const updateTopic = (change: Partial<TopicDetail>) =>
    queryClient.setQueryData(
      trpc.topics.byId.queryKey({ id: topic.id }),
      (old) => old && { ...old, ...change },
    );

  const items: DropdownItem[] = [];
  if (can.edit) items.push({ label: '修改', to: `/topic/edit/${topic.id}` });
  if (can.delete)
    items.push({
      label: '删除',
      onSelect: () =>
        setPending({
          message: '是否确认删除该帖子？',
          run: () =>
            remove.mutate(
              { id: topic.id },
              {
                onSuccess: () => toast.success('删除成功', { onClose: () => void navigate('/topics') }),
                onError: (error) => toast.error(`删除失败：${errorMessage(error)}`),
              },
            ),
        }),
    });
  if (can.recommend) {
    const next = !topic.recommend;
    items.push({
      label: topic.recommend ? '取消推荐' : '推荐',
      onSelect: () =>
        setPending({
          message: next ? '是否确认推荐该帖子？' : '是否确认取消推荐该帖子？',
          run: () =>
            recommend.mutate(
              { id: topic.id, recommend: next },
              {
                onSuccess: () => {
                  updateTopic({ recommend: next });
                  toast.success(next ? '推荐成功' : '取消推荐成功');
                },
                onError: (error) => toast.error(errorMessage(error)),
              },
            ),
        }),
    });
  }
  if (can.sticky) {
    const nextSticky = !topic.sticky;
    items.push({
      label: topic.sticky ? '取消置顶' : '置顶',
      onSelect: () =>
        setPending({
          message: nextSticky ? '是否确认置顶该帖子？' : '是否确认取消置顶该帖子？',
          run: () =>
            sticky.mutate(
              { id: topic.id, sticky: nextSticky },
              {
                onSuccess: () => {
                  updateTopic({ sticky: nextSticky });
                  toast.success(nextSticky ? '置顶成功' : '取消置顶成功');
                },
                onError: (error) => toast.error(errorMessage(error)),
              },
            ),
        }),
    });
  }

  return (
    <>
      <Dropdown
        testId="topic-manage-menu"
        triggerLabel="管理"
        trigger={
          <span className="inline-flex items-center gap-0.5 text-sm">
            管理
            <ChevronDownIcon size={14} />
          </span>
        }
        triggerClassName="text-muted hover:text-accent"
        items={items}
      />
      <ConfirmDialog
        open={!!pending}
        message={pending?.message ?? ''}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          pending?.run();
          setPending(null);
        }}
      />
    </>
  );
}
