import { safeRef } from '@forum/contracts';
import { getSiteConfig } from '../config';
import { readUser } from '../read-model/users';
import { issueToken } from './tokens';
import type { UserDoc } from './model';

/** The result of signing in or up: the token the client keeps and for how long (the cookie max-age). */
export interface SignedIn {
  user: UserDoc;
  token: string;
  maxAgeSeconds: number;
  ref: string;
}

export async function startSession(user: UserDoc, ref: string): Promise<SignedIn> {
  const { tokenExpireDays } = await getSiteConfig();
  const { token } = await issueToken(user._id, tokenExpireDays);
  // Answered as every later request reads the user: points, counts and level from the read model.
  const shown = (await readUser(user._id)) ?? user;
  // A ref that is not a path on this site is dropped, never answered back for a client to follow.
  return { user: shown, token, maxAgeSeconds: tokenExpireDays * 86_400, ref: safeRef(ref, '') };
}
