/** Profile edits under `/api/user` (docs/legacy-api.md §1.5): edit, avatar, background image. */
import type { Router } from 'express';
import { SetWatchDefaultsSchema, Texts } from '@forum/contracts';
import {
  AppError,
  setAvatar,
  setBackgroundImage,
  setEmailNotify,
  setWatchDefaults,
  updateProfile,
} from '@forum/core';
import { contextOf, formText, idOf, numericId, parseForm } from './form';
import { requireUser } from './guards';
import { handle } from './handler';

export function profileRoutes(api: Router): void {
  api.post(
    '/user/edit/:id',
    numericId,
    handle(async (req) => {
      const user = await requireUser(req);
      await updateProfile(contextOf(req, user), idOf(req), {
        nickname: formText(req, 'nickname'),
        homePage: formText(req, 'homePage'),
        description: formText(req, 'description'),
      });
      return null;
    }),
  );
  api.post(
    '/user/update/avatar',
    handle(async (req) => {
      await setAvatar(contextOf(req, await requireUser(req)), formText(req, 'avatar'));
      return null;
    }),
  );
  api.post(
    '/user/set/background/image',
    handle(async (req) => {
      await setBackgroundImage(contextOf(req, await requireUser(req)), formText(req, 'backgroundImage'));
      return null;
    }),
  );
  // Not in bbs-go 2022: turns e-mail notices of messages (docs/legacy-api.md §4.18) on or off.
  api.post(
    '/user/set/email_notify',
    handle(async (req) => {
      const user = await requireUser(req);
      const value = formText(req, 'emailNotify').trim().toLowerCase();
      if (!['true', '1', 'false', '0'].includes(value)) {
        throw new AppError('INVALID_INPUT', Texts.users.emailNotifyInvalid);
      }
      await setEmailNotify(contextOf(req, user), value === 'true' || value === '1');
      return null;
    }),
  );
  // Ours: whether posting and commenting watch the topic (docs/events-and-jobs.md "Watched topics").
  // Each field is optional (`true|false|1|0`); at least one is given.
  api.post(
    '/user/set/watch_defaults',
    handle(async (req) => {
      const user = await requireUser(req);
      const flag = (name: string) => {
        const value = formText(req, name).trim().toLowerCase();
        if (value === '') return undefined;
        if (!['true', '1', 'false', '0'].includes(value))
          throw new AppError('INVALID_INPUT', Texts.watches.defaultsInvalid);
        return value === 'true' || value === '1';
      };
      const input = parseForm(SetWatchDefaultsSchema, {
        watchPostedTopics: flag('watchPostedTopics'),
        watchRepliedTopics: flag('watchRepliedTopics'),
      });
      await setWatchDefaults(contextOf(req, user), input);
      return null;
    }),
  );
}
