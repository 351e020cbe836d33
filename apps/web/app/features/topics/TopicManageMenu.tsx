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
import { CommonTexts } from '~/texts/common';
import { ContentTexts } from '~/texts/content';
import { TopicsTexts } from '~/texts/topics';

interface PendingAction {
  message: string;
  run: () => void;
}

/**
 * The manage menu on a topic, with what the reader may do to it (`topic.can`: its author and admins
 * edit titled topics and delete, admins recommend / stick and their reverses). Every change asks first.
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
  if (can.edit) items.push({ label: ContentTexts.edit, to: `/topic/edit/${topic.id}` });
  if (can.delete)
    items.push({
      label: ContentTexts.delete,
      onSelect: () =>
        setPending({
          message: TopicsTexts.manage.confirmDelete,
          run: () =>
            remove.mutate(
              { id: topic.id },
              {
                onSuccess: () =>
                  toast.success(ContentTexts.deleted, { onClose: () => void navigate('/topics') }),
                onError: (error) =>
                  toast.error(CommonTexts.failedWith(ContentTexts.deleteFailed, errorMessage(error))),
              },
            ),
        }),
    });
  if (can.recommend) {
    const next = !topic.recommend;
    items.push({
      label: topic.recommend ? TopicsTexts.manage.unrecommend : TopicsTexts.manage.recommend,
      onSelect: () =>
        setPending({
          message: next ? TopicsTexts.manage.confirmRecommend : TopicsTexts.manage.confirmUnrecommend,
          run: () =>
            recommend.mutate(
              { id: topic.id, recommend: next },
              {
                onSuccess: () => {
                  updateTopic({ recommend: next });
                  toast.success(next ? TopicsTexts.manage.recommended : TopicsTexts.manage.unrecommended);
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
      label: topic.sticky ? TopicsTexts.manage.unstick : TopicsTexts.manage.stick,
      onSelect: () =>
        setPending({
          message: nextSticky ? TopicsTexts.manage.confirmStick : TopicsTexts.manage.confirmUnstick,
          run: () =>
            sticky.mutate(
              { id: topic.id, sticky: nextSticky },
              {
                onSuccess: () => {
                  updateTopic({ sticky: nextSticky });
                  toast.success(nextSticky ? TopicsTexts.manage.stuck : TopicsTexts.manage.unstuck);
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
        triggerLabel={TopicsTexts.manage.label}
        trigger={
          <span className="inline-flex items-center gap-0.5 text-sm">
            {TopicsTexts.manage.label}
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
