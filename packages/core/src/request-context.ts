import type { UserDoc } from './users/model';

/**
 * Who is asking and from where: the first argument of every use case that acts for someone.
 * Each transport builds it once per request (tRPC in its context, the legacy layer from the
 * express request); tests build it with `contextFor` from `@forum/core/testing`.
 */
export interface RequestContext {
  /** The signed-in user, or null for a visitor. Policies decide what a null actor may do. */
  actor: UserDoc | null;
  /** The client's address as the proxy chain reports it; '' when the transport cannot tell. */
  ip: string;
  /** The `User-Agent` header; '' when absent. Stored in operation logs and on posts. */
  userAgent: string;
  /** The `Referer` header; '' when absent. Stored in operation logs. */
  referer: string;
}

/** A context for work nobody asked for over a transport (jobs, scripts): no actor, no client. */
export function systemContext(actor: UserDoc | null = null): RequestContext {
  return { actor, ip: '', userAgent: '', referer: '' };
}
