import { useState } from 'react';
import { ConfirmDialog } from '~/components/Dialog';
import { BlocksTexts } from '~/texts/blocks';
import { useBlockedIds, useSetBlocked } from './use-blocks';

/** 屏蔽 / 取消屏蔽 on a profile; blocking asks first. */
export function BlockButton({
  userId,
  nickname,
  className,
}: {
  userId: number;
  nickname: string;
  className: string;
}) {
  const blocked = useBlockedIds().has(userId);
  const { set, pending } = useSetBlocked();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={pending}
        data-testid="block-button"
        onClick={() => (blocked ? void set(userId, false) : setAsking(true))}
      >
        {blocked ? BlocksTexts.unblock : BlocksTexts.block}
      </button>
      <ConfirmDialog
        open={asking}
        message={BlocksTexts.confirmBlock(nickname)}
        onConfirm={() => {
          setAsking(false);
          void set(userId, true);
        }}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
