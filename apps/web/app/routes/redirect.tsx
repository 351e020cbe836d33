import { useSearchParams } from 'react-router';
import type { Route } from './+types/redirect';
import { pageMeta } from '~/lib/meta';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, '跳转');

/** Only web addresses may be followed; anything else (javascript:, data:) is not a link here. */
function externalUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The stop before leaving the site through a link in user content. */
export default function Redirect() {
  const [params] = useSearchParams();
  const url = externalUrl(params.get('url'));
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 text-center">
      <img src="/logo.svg" alt="" width={72} height={72} />
      {url ? (
        <a href={url} rel="nofollow noopener noreferrer" className="text-link hover:underline">
          即将跳往站外地址，点击该链接继续跳转 &gt;&gt;
          <span className="mt-2 block text-sm break-all text-faint">{url}</span>
        </a>
      ) : (
        <p className="text-muted">链接地址无效</p>
      )}
    </div>
  );
}
