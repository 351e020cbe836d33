import { z } from 'zod';
import { Texts } from './texts';

export const NICKNAME_MAX_LENGTH = 16;
export const DESCRIPTION_MAX_LENGTH = 200;
export const HOME_PAGE_MAX_LENGTH = 1024;

/** Trimmed text without NUL characters (FerretDB cannot store them). */
const text = z.string().transform((value) => value.replace(/\0/g, '').trim());
/** Length in characters as people count them (an emoji is one), not UTF-16 units. */
const length = (value: string) => [...value].length;

/**
 * A profile edit (legacy POST /api/user/edit/{id}). The messages are what the legacy client shows,
 * so they stay the bbs-go texts where bbs-go had one.
 */
export const ProfileUpdateSchema = z.object({
  nickname: text
    .refine((value) => value.length > 0, Texts.users.nicknameRequired)
    .refine(
      (value) => length(value) <= NICKNAME_MAX_LENGTH,
      Texts.users.nicknameTooLong(NICKNAME_MAX_LENGTH),
    ),
  homePage: text
    .refine(
      (value) => value === '' || (/^https?:\/\//i.test(value) && URL.canParse(value)),
      '个人主页地址错误',
    )
    .refine((value) => value.length <= HOME_PAGE_MAX_LENGTH, '个人主页地址过长'),
  description: text.refine(
    (value) => length(value) <= DESCRIPTION_MAX_LENGTH,
    `个人简介不能超过${DESCRIPTION_MAX_LENGTH}个字`,
  ),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;
export type ProfileUpdateInput = z.input<typeof ProfileUpdateSchema>;

/**
 * What a transport accepts before the service validates it with ProfileUpdateSchema, so every
 * client gets the same Chinese message for the same mistake.
 */
export const ProfileUpdateInputSchema = z.object({
  nickname: z.string().max(1000),
  homePage: z.string().max(4000).default(''),
  description: z.string().max(4000).default(''),
});

export const SetAvatarSchema = z.object({ avatar: z.string().max(2048) });
export const SetBackgroundImageSchema = z.object({ backgroundImage: z.string().max(2048) });

/** The editable part of the signed-in user's profile, as our web app reads it back. */
export const ProfileSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  backgroundImage: z.string(),
  homePage: z.string(),
  description: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;
