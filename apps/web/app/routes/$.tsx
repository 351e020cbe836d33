import { data } from 'react-router';
import { CommonTexts } from '~/texts/common';

/** Any path no other route claims: a real 404 response, rendered by the layout's error boundary. */
export function loader() {
  throw data(CommonTexts.pageNotFound, { status: 404 });
}

export default function NotFound() {
  return null;
}
