import { Link } from 'react-router';
import { Icon } from '~/components/icons';
import {
  FEED_NODE_ID,
  NEWEST_NODE_ID,
  nodeLinks,
  RECOMMEND_NODE_ID,
  type NodeLink,
} from '~/features/nodes/nodes';
import { useNodes } from '~/features/nodes/use-nodes';
import { useCurrentUser } from '~/features/users/session-hooks';
import { NavTexts } from '~/texts/nav';

/**
 * The vertical node dock left of the topic lists: newest, recommended, followed (signed in), then every node.
 * Hidden up to 768px.
 */
export function TopicsNav({ current }: { current: number }) {
  const links = nodeLinks(useNodes(), !!useCurrentUser());
  return (
    <nav aria-label={NavTexts.nodes} className="hidden w-[132px] shrink-0 md:block" data-testid="topics-nav">
      <ul className="sticky top-3 space-y-0.5 rounded-lg bg-card p-2 shadow-[0_1px_2px_rgba(0,0,0,0.04)]">
        {links.map((link, index) => {
          const active = link.nodeId === current;
          return (
            <li key={link.nodeId}>
              <Link
                to={link.to}
                aria-current={active ? 'page' : undefined}
                className={`flex items-center gap-2 rounded-md px-2.5 py-2 text-sm ${
                  active
                    ? 'bg-accent/10 font-medium text-accent'
                    : 'text-body hover:bg-hover hover:text-accent'
                }`}
              >
                <NodeIcon link={link} />
                <span className="truncate">{link.name}</span>
              </Link>
              {link.nodeId <= 0 && (links[index + 1]?.nodeId ?? 1) > 0 && (
                <hr className="mx-2 my-1.5 border-line" />
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function NodeIcon({ link }: { link: NodeLink }) {
  if (link.logo) {
    return (
      <img
        src={link.logo}
        alt=""
        width={18}
        height={18}
        className="size-[18px] shrink-0 rounded object-cover"
      />
    );
  }
  return (
    <Icon className="shrink-0">
      {link.nodeId === NEWEST_NODE_ID ? (
        <>
          <circle cx="12" cy="12" r="10" />
          <path d="M12 6v6l4 2" />
        </>
      ) : link.nodeId === FEED_NODE_ID ? (
        <>
          <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
          <circle cx="9" cy="7" r="4" />
          <path d="M22 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75" />
        </>
      ) : link.nodeId === RECOMMEND_NODE_ID ? (
        <path d="M8.5 14.5A2.5 2.5 0 0 0 11 12c0-1.38-.5-2-1-3-1.07-2.14-.22-4.05 2-6 .5 2.5 2 4.9 4 6.5 2 1.6 3 3.5 3 5.5a7 7 0 1 1-14 0c0-1.15.43-2.29 1-3a2.5 2.5 0 0 0 2.5 2.5z" />
      ) : (
        <path d="M4 9h16M4 15h16M10 3 8 21M16 3l-2 18" />
      )}
    </Icon>
  );
}
