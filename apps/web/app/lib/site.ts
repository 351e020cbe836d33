/** The cookie that carries the sign-in token (legacy name, also read by the API). */
export const TOKEN_COOKIE = 'userToken';

/** Sent with every API call so the API can tell our site from other clients. */
export const CLIENT_HEADER = { 'X-Client': 'forum-web' } as const;
