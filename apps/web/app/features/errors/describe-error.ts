import { isRouteErrorResponse } from 'react-router';
import { TextsHttp } from '@forum/contracts';
import { CommonTexts } from '~/texts/common';
import { LayoutTexts } from '~/texts/layout';

/** The page of a request the API was too busy for (503): the API's own words for it. */
export const BUSY_TEXT = TextsHttp.busy;

export interface ErrorSummary {
  status: number;
  description: string;
}

/** What the error page says: 404, 403 and 503 (busy) get their own words, the rest the status code. */
export function describeError(error: unknown): ErrorSummary {
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === 'string' ? error.data : '';
    if (error.status === 404) return { status: 404, description: CommonTexts.pageNotFound };
    if (error.status === 403) return { status: 403, description: message || TextsHttp.forbidden };
    if (error.status === 503) return { status: 503, description: BUSY_TEXT };
    return { status: error.status, description: LayoutTexts.errorPage.failed(error.status) };
  }
  return { status: 500, description: LayoutTexts.errorPage.failed(500) };
}
