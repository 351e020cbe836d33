/**
 * The `state` of an authorization request, kept in Redis for ten minutes and usable once: it ties
 * the callback to the browser that started the sign-in and carries what the callback needs.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { OAuthMessages, OAuthProviderSchema, type OAuthProvider } from '@forum/contracts';
import { AppError } from '../errors';
import { kv, kvKey } from '../kv';

const STATE_TTL_SECONDS = 600;

const PendingSignInSchema = z.object({
  provider: OAuthProviderSchema,
  ref: z.string(),
  redirectUri: z.string(),
  /** OIDC only: the PKCE verifier and the nonce expected in the ID token. */
  codeVerifier: z.string().optional(),
  nonce: z.string().optional(),
});
export type PendingSignIn = z.infer<typeof PendingSignInSchema>;

export function newState(): string {
  return randomBytes(24).toString('base64url');
}

export async function saveState(state: string, pending: PendingSignIn): Promise<void> {
  await kv().set(kvKey('oauth-state', state), JSON.stringify(pending), 'EX', STATE_TTL_SECONDS);
}

/** Takes the state out of Redis (GETDEL, so a replayed callback finds nothing) and checks its provider. */
export async function consumeState(state: string, provider: OAuthProvider): Promise<PendingSignIn> {
  const raw = await kv().getdel(kvKey('oauth-state', state));
  let pending: PendingSignIn | undefined;
  try {
    pending = raw ? PendingSignInSchema.parse(JSON.parse(raw)) : undefined;
  } catch {
    pending = undefined;
  }
  if (!pending || pending.provider !== provider)
    throw new AppError('INVALID_INPUT', OAuthMessages.stateInvalid);
  return pending;
}
