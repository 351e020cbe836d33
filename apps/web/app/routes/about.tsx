import { Link } from 'react-router';
import type { Route } from './+types/about';
import { Card } from '~/components/Card';
import { useSiteConfig } from '~/features/users/session-hooks';
import { pageMeta } from '~/lib/meta';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, '关于');

export default function About() {
  const { siteTitle, siteDescription } = useSiteConfig();
  return (
    <div className="mx-auto max-w-[1200px] px-2 py-3 md:px-4 md:py-4">
      <Card title="关于">
        <div className="space-y-6 px-5 py-5 text-[15px] leading-7 text-body">
          <section>
            <h3 className="mb-1 font-semibold">简介</h3>
            <p className="text-muted">{siteDescription}</p>
          </section>
          <section>
            <h3 className="mb-1 font-semibold">在这里可以做什么</h3>
            <ul className="list-disc pl-5 text-muted">
              <li>发表话题与动态，和同行讨论语音识别、语音合成、声学与语言模型。</li>
              <li>撰写文章，分享论文解读、实验记录与工程经验。</li>
              <li>关注感兴趣的研究者，收藏有价值的内容。</li>
            </ul>
          </section>
          <section>
            <h3 className="mb-1 font-semibold">与我们联系</h3>
            <p className="text-muted">
              对 {siteTitle} 有任何建议或问题，欢迎
              <Link to="/topic/create" className="mx-1 text-link hover:underline">
                发帖反馈
              </Link>
              。
            </p>
          </section>
        </div>
      </Card>
    </div>
  );
}
