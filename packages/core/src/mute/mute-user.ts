import { Texts } from '@forum/contracts';
import type { MuteCommand } from '@forum/contracts';
import { writeOperateLog } from '../audit/operate-log';
import { AppError } from '../errors';
import type { RequestContext } from '../request-context';
import { isMuted } from '../users/roles';
import { authorize } from '../policies';
import { readUser } from '../read-model/users';
import { newEvent } from '../events/outbox';
import { changeUser } from '../users/change-user';

const DAY_MS = 86_400_000;

export interface MuteResult {
  userId: number;
  /** Muted after the call? */
  forbidden: boolean;
  /** 0 not muted, -1 for ever, else the end in ms. */
  forbiddenEndTime: number;
  /** False when nothing changed (lifting the mute of someone not muted). */
  changed: boolean;
}

/**
 * Mutes a user for `days` days (-1: for ever, owner only) or lifts the mute (0), and writes the
 * operation-log row (docs/legacy-api.md §4.10). Input is already validated by `MuteInputSchema`.
 */
export async function muteUser(ctx: RequestContext, input: MuteCommand): Promise<MuteResult> {
  const actor = authorize(ctx.actor, 'moderate');
  if (input.days === -1) authorize(actor, 'muteForever');
  const target = await readUser(input.userId);
  if (!target) throw new AppError('NOT_FOUND', Texts.users.missing);
  authorize(actor, input.days === 0 ? 'unmute' : input.days === -1 ? 'mutePermanently' : 'mute', target);

  const now = Date.now();
  const { ip, userAgent, referer } = ctx;
  const log = {
    userId: actor._id,
    dataType: 'user',
    dataId: target._id,
    ip,
    userAgent,
    referer,
    createTime: now,
  } as const;
  if (input.days === 0) {
    if (!isMuted(target, now)) {
      return {
        userId: target._id,
        forbidden: false,
        forbiddenEndTime: target.forbiddenEndTime ?? 0,
        changed: false,
      };
    }
    await changeUser(
      { _id: target._id },
      { $set: { forbiddenEndTime: 0, forbiddenReason: '', updateTime: now } },
      [
        newEvent('user.mute-changed', {
          userId: target._id,
          actorId: actor._id,
          forbiddenEndTime: 0,
          reason: '',
        }),
      ],
    );
    await writeOperateLog({ ...log, opType: 'removeForbidden', description: '' });
    return { userId: target._id, forbidden: false, forbiddenEndTime: 0, changed: true };
  }
  const forbiddenEndTime = input.days === -1 ? -1 : now + input.days * DAY_MS;
  const reason = (input.reason ?? '').slice(0, 200);
  // The user is told (a 系统通知 message); a permanent mute also takes the user's points and
  // content away, asynchronously (docs/legacy-api.md §4.10).
  const events = [
    newEvent('user.mute-changed', { userId: target._id, actorId: actor._id, forbiddenEndTime, reason }),
    ...(forbiddenEndTime === -1
      ? [newEvent('user.muted-permanently', { userId: target._id, actorId: actor._id })]
      : []),
  ];
  await changeUser(
    { _id: target._id },
    { $set: { forbiddenEndTime, forbiddenReason: reason, updateTime: now } },
    events,
  );
  await writeOperateLog({ ...log, opType: 'forbidden', description: Texts.audit.muted(input.days, reason) });
  return { userId: target._id, forbidden: true, forbiddenEndTime, changed: true };
}
