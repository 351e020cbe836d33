import { isRouteErrorResponse } from 'react-router';
import { Texts } from '@forum/contracts';

/** The page of a request the API was too busy for (503): the API's own words for it. */
export const BUSY_TEXT = Texts.http.busy;

export interface ErrorSummary {
  status: number;
  description: string;
}

/** What the error page says: 404, 403 and 503 (busy) get their own words, the rest the status code. */
export function describeError(error: unknown): ErrorSummary {
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === 'string' ? error.data : '';
    if (error.status === 404) return { status: 404, description: '页面没找到' };
    if (error.status === 403) return { status: 403, description: message || Texts.http.forbidden };
    if (error.status === 503) return { status: 503, description: BUSY_TEXT };
    return { status: error.status, description: `${error.status} 页面异常` };
  }
  return { status: 500, description: '500 页面异常' };
}
