import { readCookie } from '~/lib/cookies';
import { CLIENT_HEADER, TOKEN_COOKIE } from '~/lib/site';

/** Ends the session on the API, forgets the token and starts over on the home page. */
export async function signOut(): Promise<void> {
  const token = readCookie(document.cookie, TOKEN_COOKIE);
  try {
    const query = token ? `?userToken=${encodeURIComponent(token)}` : '';
    await fetch(`/api/login/signout${query}`, { headers: { ...CLIENT_HEADER }, credentials: 'same-origin' });
  } catch (error) {
    // The spec asks for a log only: the local sign-out below still happens.
    console.error('sign-out failed', error);
  }
  document.cookie = `${TOKEN_COOKIE}=; path=/; max-age=0`;
  window.location.assign('/');
}
