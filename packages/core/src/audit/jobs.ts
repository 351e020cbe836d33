import { QueueName, type EventPayload, Texts } from '@forum/contracts';
import { defineEventJob } from '../events/jobs';
import { writeOperateLog } from './operate-log';

export const auditConfigChangeJob = defineEventJob('config.updated', {
  queue: QueueName.Maintenance,
  name: 'audit-config-change',
  // Idempotent: the row's eventId is unique, so a second run inserts nothing.
  async handler(event) {
    await writeOperateLog({
      userId: event.payload.actorId,
      opType: 'update',
      dataType: 'sys_config',
      dataId: 0,
      description: event.payload.changes?.length
        ? event.payload.changes
            .map(({ key, from, to }) => Texts.audit.configChanged(key, from, to))
            .join('；')
        : Texts.audit.configUpdated(event.payload.keys),
      ip: event.payload.ip ?? '',
      userAgent: event.payload.userAgent ?? '',
      eventId: event.id,
      createTime: Date.parse(event.createdAt),
    });
  },
});

// Typed by the event's sources, so a new source without a description does not compile.
const userCreatedDescriptions: Record<EventPayload<'user.created'>['source'], string> =
  Texts.audit.userCreated;

export const auditUserCreatedJob = defineEventJob('user.created', {
  queue: QueueName.Maintenance,
  name: 'audit-user-created',
  // Idempotent: the row's eventId is unique, so a second run inserts nothing.
  async handler(event) {
    await writeOperateLog({
      userId: event.payload.actorId ?? event.payload.userId,
      opType: 'create',
      dataType: 'user',
      dataId: event.payload.userId,
      description: userCreatedDescriptions[event.payload.source],
      ip: event.payload.ip ?? '',
      userAgent: event.payload.userAgent ?? '',
      eventId: event.id,
      createTime: Date.parse(event.createdAt),
    });
  },
});
