import { Link } from 'react-router';
import type { Route } from './+types/user.email.verify';
import { Card } from '~/components/Card';
import { errorMessage } from '~/lib/api-error';
import { pageMeta } from '~/lib/meta';
import { serverApi } from '~/lib/trpc.server';
import { UsersTexts } from '~/texts/users';

/** The link of a verification mail: the token is spent while the page renders on the server. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  try {
    const { email } = await serverApi(request).client.email.verify.mutate({ token });
    return { ok: true as const, email };
  } catch (error) {
    return { ok: false as const, message: errorMessage(error) };
  }
}

// A token works once: navigating within the page must not send it again.
export const shouldRevalidate = () => false;

const texts = UsersTexts.emailVerification;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, texts.title);

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-[1200px] px-2 py-3 md:px-4 md:py-4">
      <Card title={texts.title}>
        <div className="px-5 py-6">
          {loaderData.ok ? (
            <p
              className="rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-700 dark:border-green-900 dark:bg-green-950 dark:text-green-300"
              data-testid="verify-success"
            >
              {texts.done(loaderData.email)}
            </p>
          ) : (
            <p
              className="rounded-md border border-yellow-200 bg-yellow-50 px-4 py-3 text-sm text-yellow-800 dark:border-yellow-900 dark:bg-yellow-950 dark:text-yellow-200"
              data-testid="verify-failure"
            >
              {texts.failedBefore(loaderData.message)}
              <Link to="/user/profile/account" className="mx-1 text-link hover:underline">
                {texts.failedLink}
              </Link>
              {texts.failedAfter}
            </p>
          )}
        </div>
      </Card>
    </div>
  );
}
