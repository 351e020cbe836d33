import { Link } from 'react-router';
import type { Route } from './+types/user.email.verify';
import { Card } from '~/components/Card';
import { errorMessage } from '~/lib/api-error';
import { pageMeta } from '~/lib/meta';
import { serverApi } from '~/lib/trpc.server';

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

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, '邮箱验证');

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-[1200px] px-2 py-3 md:px-4 md:py-4">
      <Card title="邮箱验证">
        <div className="px-5 py-6">
          {loaderData.ok ? (
            <p
              className="rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-700 dark:border-green-900 dark:bg-green-950 dark:text-green-300"
              data-testid="verify-success"
            >
              恭喜，邮箱验证成功。你的邮箱为：{loaderData.email}
            </p>
          ) : (
            <p
              className="rounded-md border border-yellow-200 bg-yellow-50 px-4 py-3 text-sm text-yellow-800 dark:border-yellow-900 dark:bg-yellow-950 dark:text-yellow-200"
              data-testid="verify-failure"
            >
              邮箱验证失败 原因：{loaderData.message}，请前往
              <Link to="/user/profile/account" className="mx-1 text-link hover:underline">
                个人资料 &gt; 账号设置
              </Link>
              页面尝试重新发送验证邮件。
            </p>
          )}
        </div>
      </Card>
    </div>
  );
}
