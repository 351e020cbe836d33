import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  REPORT_TEXT_MAX_LENGTH,
  ReportReasons,
  type ReportReason,
  type ReportTargetType,
} from '@forum/contracts';
import { Dialog, buttonClass } from '~/components/Dialog';
import { useSignInGate } from '~/features/content/use-sign-in-gate';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { useTRPC } from '~/lib/trpc';
import { ReportsTexts } from '~/texts/reports';

const variants = {
  /** Beside like and favourite at the foot of a topic or article. */
  pill: 'inline-flex h-8 items-center gap-1.5 rounded-full border border-line px-4 text-sm text-muted hover:border-accent hover:text-accent',
  /** Among a comment's actions. */
  comment: 'hover:text-accent',
  /** On a profile's banner, over its picture. */
  banner: 'rounded-full bg-black/35 px-3 py-1 text-xs text-white hover:bg-black/50',
} as const;

/**
 * 举报: a reason (垃圾广告, 辱骂攻击, 偏离主题, 其他 with a text) sent once per item; a second
 * report is answered by the server (你已经举报过该内容). Visitors are sent to sign in.
 */
export function ReportButton({
  targetType,
  targetId,
  what,
  variant,
}: {
  targetType: ReportTargetType;
  targetId: number;
  /** What the dialog names: 话题, 动态, 评论, 文章 (a member: none). */
  what?: string;
  variant: keyof typeof variants;
}) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason>('spam');
  const [text, setText] = useState('');
  const create = useMutation(trpc.reports.create.mutationOptions());
  const ask = useSignInGate(() => setOpen(true));
  const close = () => {
    setOpen(false);
    setText('');
    setReason('spam');
  };
  const needsText = reason === 'other' && text.trim() === '';
  const submit = () =>
    create.mutate(
      { targetType, targetId, reason, text },
      {
        onSuccess: (result) => {
          toast.success(result.hidden ? ReportsTexts.submittedHidden : ReportsTexts.submitted);
          close();
        },
        onError: (error) => {
          toast.error(ReportsTexts.failed(errorMessage(error)));
          close();
        },
      },
    );
  return (
    <>
      <button type="button" className={variants[variant]} onClick={ask} data-testid="report-button">
        {ReportsTexts.button}
      </button>
      <Dialog
        title={ReportsTexts.title}
        open={open}
        onClose={close}
        width={420}
        testId="report-dialog"
        footer={
          <>
            <button type="button" className={buttonClass.plain} onClick={close}>
              {ReportsTexts.cancel}
            </button>
            <button
              type="button"
              className={buttonClass.primary}
              disabled={needsText || create.isPending}
              onClick={submit}
            >
              {ReportsTexts.submit}
            </button>
          </>
        }
      >
        <fieldset className="space-y-3 px-5 py-4">
          <legend className="mb-2 text-sm text-muted">
            {what ? ReportsTexts.prompt(what) : ReportsTexts.promptUser}
          </legend>
          <div className="grid grid-cols-2 gap-2">
            {ReportReasons.map((value) => (
              <label
                key={value}
                className={`flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm ${
                  reason === value ? 'border-accent text-accent' : 'border-line text-body'
                }`}
              >
                <input
                  type="radio"
                  name="report-reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                />
                {ReportsTexts.reasons[value]}
              </label>
            ))}
          </div>
          <label className="block text-sm text-muted">
            {ReportsTexts.textLabel}
            <textarea
              className="mt-1 block w-full rounded-md border border-line bg-card px-3 py-2 text-sm text-body"
              rows={3}
              maxLength={REPORT_TEXT_MAX_LENGTH}
              value={text}
              placeholder={ReportsTexts.textPlaceholder(reason === 'other')}
              onChange={(event) => setText(event.target.value)}
              data-testid="report-text"
            />
          </label>
        </fieldset>
      </Dialog>
    </>
  );
}
