import { revokeToken } from './tokens';

/** Ends a session: the token stops working at once (no cache keeps it alive, legacy bug A#4). */
export async function signOut(token: string | null): Promise<void> {
  if (token && token.length <= 256) await revokeToken(token);
}
