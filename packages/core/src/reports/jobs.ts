/** What a handled report causes after the write: every reporter is told (docs/moderation.md). */
import { MessageType, QueueName, Texts } from '@forum/contracts';
import { defineEventJob } from '../events/jobs';
import { sendMessage } from '../messages/send-message';

// Idempotent: each message is stored once per event and recipient (`sendMessage`).
export const notifyReportHandledJob = defineEventJob('report.handled', {
  queue: QueueName.Notify,
  name: 'notify-report-handled',
  async handler({ id, payload }) {
    for (const userId of payload.reporterIds) {
      await sendMessage(id, {
        userId,
        fromId: 0,
        type: MessageType.ReportHandled,
        title: Texts.messages.reportHandled[payload.action],
        content: '',
        quoteContent: payload.label ? `「${payload.label}」` : '',
        extraData: { targetType: payload.targetType, targetId: payload.targetId, action: payload.action },
      });
    }
  },
});

export const reportJobs = [notifyReportHandledJob];
