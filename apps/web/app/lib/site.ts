/** Site facts that are not in the runtime configuration; change them here only. */
export const FILING_NUMBER = '京ICP备00000000号';
export const TECH_SUPPORT = '语音社区技术组';

/** The cookie that carries the sign-in token (legacy name, also read by the API). */
export const TOKEN_COOKIE = 'userToken';

/** Sent with every API call so the API can tell our site from other clients. */
export const CLIENT_HEADER = { 'X-Client': 'forum-web' } as const;
