/**
 * The `state` of an authorization request, kept in Redis for ten minutes and usable once: it carries
 * what the callback needs, and it ties the callback to the browser that started the sign-in. A
 * state alone does not: an attacker can start a sign-in, stop at the provider's answer and send
 * its callback address to someone else, whose browser would then be signed in to the attacker's
 * account. So each browser also holds a secret of its own (the transports keep it in an HttpOnly
 * cookie), the state keeps a hash of it, and the callback must come with the same secret.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
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
  /** The hash of the secret of the browser that started the sign-in. */
  browserHash: z.string(),
});
export type PendingSignIn = z.infer<typeof PendingSignInSchema>;

export function newState(): string {
  return randomBytes(24).toString('base64url');
}

/** A browser's secret for its sign-ins: random, unguessable, never shown to a page. */
export const newBrowserSecret = newState;

/** What a browser secret looks like: a transport may keep one only of this shape. */
export const isBrowserSecret = (value: unknown): value is string =>
  typeof value === 'string' && /^[\w-]{32}$/.test(value);

export const browserHashOf = (secret: string): string =>
  createHash('sha256').update(secret).digest('base64url');

/** Whether `secret` is the one whose hash the state kept (in constant time). */
export function isSameBrowser(pending: PendingSignIn, secret: string | undefined): boolean {
  if (!isBrowserSecret(secret)) return false;
  const given = Buffer.from(browserHashOf(secret));
  const kept = Buffer.from(pending.browserHash);
  return given.length === kept.length && timingSafeEqual(given, kept);
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
