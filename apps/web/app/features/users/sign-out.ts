import type { TRPCClient } from '@trpc/client';
import type { AppRouter } from '@forum/api/router';

/**
 * Ends the session: the API revokes the token and clears the HttpOnly cookie (scripts cannot), then
 * the site starts over on the home page, rendered for a visitor.
 */
export async function signOut(client: TRPCClient<AppRouter>): Promise<void> {
  try {
    await client.users.signout.mutate();
  } catch (error) {
    // The spec asks for a log only; the reload below shows whatever state the server has.
    console.error('sign-out failed', error);
  }
  window.location.assign('/');
}
