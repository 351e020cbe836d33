import { isRouteErrorResponse } from 'react-router';

export interface ErrorSummary {
  status: number;
  description: string;
}

/** What the error page says: 404 and 403 get their own words, the rest the status code. */
export function describeError(error: unknown): ErrorSummary {
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === 'string' ? error.data : '';
    if (error.status === 404) return { status: 404, description: '页面没找到' };
    if (error.status === 403) return { status: 403, description: message || 'forbidden' };
    return { status: error.status, description: `${error.status} 页面异常` };
  }
  return { status: 500, description: '500 页面异常' };
}
