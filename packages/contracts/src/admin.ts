/** Inputs of the admin console's procedures and the legacy `/api/admin/...` lists. */
import { z } from 'zod';
import {
  AccountMessages,
  LOGIN_NAME_MAX_LENGTH,
  NICKNAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  SignUpInputSchema,
} from './users';
import { ADMIN_PAGE_LIMIT, ADMIN_PAGE_MAX_LIMIT } from './constants';

const id = z.number().int().positive();
const text = (max: number) =>
  z
    .string()
    .max(max)
    .transform((value) => value.replaceAll('\u0000', '').trim());

/** Numbered pages, as the legacy admin lists read `page` and `limit`. */
export const AdminPageSchema = z.object({
  page: z.number().int().positive().default(1),
  limit: z.number().int().positive().max(ADMIN_PAGE_MAX_LIMIT).default(ADMIN_PAGE_LIMIT),
});

export const AdminTopicFilterSchema = AdminPageSchema.extend({
  id: id.optional(),
  userId: id.optional(),
  title: text(128).optional(),
  nodeId: z.number().int().nonnegative().optional(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  recommend: z.boolean().optional(),
});
export type AdminTopicFilter = z.output<typeof AdminTopicFilterSchema>;

export const AdminArticleFilterSchema = AdminPageSchema.extend({
  id: id.optional(),
  userId: id.optional(),
  title: text(128).optional(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
});
export type AdminArticleFilter = z.output<typeof AdminArticleFilterSchema>;

export const AdminCommentFilterSchema = AdminPageSchema.extend({
  id: id.optional(),
  userId: id.optional(),
  entityType: z.enum(['topic', 'article']).optional(),
  entityId: id.optional(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type AdminCommentFilter = z.output<typeof AdminCommentFilterSchema>;

export const AdminUserFilterSchema = AdminPageSchema.extend({
  id: id.optional(),
  username: text(128).optional(),
  nickname: text(64).optional(),
  muted: z.boolean().optional(),
});
export type AdminUserFilter = z.output<typeof AdminUserFilterSchema>;

export const OperateLogFilterSchema = AdminPageSchema.extend({
  userId: id.optional(),
  opType: z.enum(['create', 'update', 'delete', 'forbidden', 'removeForbidden']).optional(),
  dataType: text(32).optional(),
  dataId: z.number().int().nonnegative().optional(),
});
export type OperateLogFilter = z.output<typeof OperateLogFilterSchema>;

/** An admin's edit of a user; an omitted field stays as it is (bbs-go reset `status` to -1). */
export const AdminUserUpdateSchema = z.object({
  id,
  nickname: text(NICKNAME_MAX_LENGTH * 2).optional(),
  email: text(128).optional(),
  /** Owner only. */
  roles: z
    .array(z.enum(['owner', 'admin']))
    .max(2)
    .optional(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  /** Owner only; blank leaves the username as it is. */
  username: text(LOGIN_NAME_MAX_LENGTH).optional(),
  /** Owner only; blank leaves the password as it is, anything else is hashed anew. */
  password: z.string().max(PASSWORD_MAX_LENGTH, AccountMessages.passwordTooLong).optional(),
});
export type AdminUserUpdate = z.output<typeof AdminUserUpdateSchema>;

/** The owner's new account (legacy `user/create`): sign-up's fields and checks, without a captcha. */
export const AdminUserCreateSchema = SignUpInputSchema.pick({
  username: true,
  email: true,
  nickname: true,
  password: true,
});
export type AdminUserCreate = z.output<typeof AdminUserCreateSchema>;

export const AdminIdSchema = z.object({ id });
export const AdminFlagSchema = z.object({ id, value: z.boolean() });
export const AdminScoreLogInputSchema = z.object({
  userId: id,
  page: z.number().int().positive().default(1),
});
