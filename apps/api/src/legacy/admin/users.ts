/** `/api/admin/user/...` and `/api/admin/user-score-log/list` (docs/legacy-api.md §2.2). */
import type { Request, Router } from 'express';
import { AdminUserCreateSchema, AdminUserUpdateSchema, ErrorMessages, Texts } from '@forum/contracts';
import {
  AppError,
  createUserByAdmin,
  getUserForAdmin,
  listScoreLogsForAdmin,
  listUsersForAdmin,
  presentAdminUser,
  startUserRecount,
  updateUserByAdmin,
  usersByIds,
} from '@forum/core';
import { muteFromForm } from '../forbidden';
import { contextOf, formValue, idOf, numericId, parseForm } from '../form';
import { idFilter, intFilter, numberedPage, pageOf, textFilter } from './forms';
import { handleAdmin } from './guard';
import { legacyUserInfo } from '../presenters/users';
import { legacyScoreLog } from '../presenters/check-in';

/** Only the fields the form carries change; `roles` is a comma list (bbs-go's "user" role is implied). */
function updateOf(req: Request) {
  const roles = formValue(req, 'roles');
  const parsed = AdminUserUpdateSchema.safeParse({
    id: idFilter(req, 'id'),
    nickname: formValue(req, 'nickname'),
    email: formValue(req, 'email'),
    roles:
      roles === undefined
        ? undefined
        : roles
            .split(',')
            .map((role) => role.trim())
            .filter((role) => role && role !== 'user'),
    status: intFilter(req, 'status'),
    username: formValue(req, 'username'),
    password: formValue(req, 'password'),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    if (issue.path[0] === 'id') throw new AppError('INVALID_INPUT', Texts.admin.entityNotFound);
    throw new AppError(
      'INVALID_INPUT',
      /[\u4e00-\u9fff]/.test(issue.message) ? issue.message : ErrorMessages.INVALID_INPUT,
    );
  }
  return parsed.data;
}

export function adminUserRoutes(api: Router): void {
  api.all(
    '/admin/user/list',
    handleAdmin(async (req, admin) => {
      const { page, results } = await listUsersForAdmin(contextOf(req, admin), {
        ...pageOf(req),
        id: idFilter(req, 'id'),
        username: textFilter(req, 'username'),
        nickname: textFilter(req, 'nickname'),
      });
      return numberedPage(
        page,
        results.map((user) => presentAdminUser(user)),
      );
    }),
  );
  api.get(
    '/admin/user/synccount',
    handleAdmin(async (req, admin) => {
      await startUserRecount(contextOf(req, admin));
      return null;
    }),
  );
  api.get(
    '/admin/user/:id',
    numericId,
    handleAdmin(async (req, admin) =>
      presentAdminUser(await getUserForAdmin(contextOf(req, admin), idOf(req))),
    ),
  );
  api.post(
    '/admin/user/create',
    handleAdmin(async (req, admin) =>
      presentAdminUser(
        await createUserByAdmin(
          contextOf(req, admin),
          parseForm(AdminUserCreateSchema, {
            username: formValue(req, 'username'),
            email: formValue(req, 'email'),
            nickname: formValue(req, 'nickname'),
            password: formValue(req, 'password'),
          }),
        ),
      ),
    ),
  );
  api.post(
    '/admin/user/update',
    handleAdmin(async (req, admin) =>
      presentAdminUser(await updateUserByAdmin(contextOf(req, admin), updateOf(req))),
    ),
  );
  api.post(
    '/admin/user/forbidden',
    handleAdmin((req, admin) => muteFromForm(req, admin)),
  );
  api.all(
    '/admin/user-score-log/list',
    handleAdmin(async (req, admin) => {
      const userId = idFilter(req, 'userId');
      const { page } = pageOf(req);
      // Score logs are listed per user in the read model; without a user there is nothing to list.
      if (!userId) return numberedPage({ page, limit: 20, total: 0 }, []);
      const logs = await listScoreLogsForAdmin(contextOf(req, admin), { userId, page });
      const users = await usersByIds([userId]);
      return numberedPage(
        logs.page,
        logs.results.map((log) => ({
          ...legacyScoreLog(log),
          user: legacyUserInfo(users.get(userId), userId),
        })),
      );
    }),
  );
}
