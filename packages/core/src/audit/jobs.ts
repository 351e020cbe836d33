import { QueueName, type EventPayload } from '@forum/contracts';
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
      description: `修改配置：${event.payload.keys.join('、')}`,
      ip: event.payload.ip ?? '',
      userAgent: event.payload.userAgent ?? '',
      eventId: event.id,
      createTime: Date.parse(event.createdAt),
    });
  },
});

const userCreatedDescriptions: Record<EventPayload<'user.created'>['source'], string> = {
  'owner-bootstrap': '创建站长账号',
  signup: '用户注册',
  'third-party': '第三方账号登录注册',
  admin: '管理员创建用户',
};

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
