import type { SiteConfig } from '@forum/contracts';
import type { DropdownItem } from '~/components/Dropdown';
import { isLinkEnabled } from '~/features/users/modules';

const allCreateItems: (DropdownItem & { to: string })[] = [
  { label: '发帖子', to: '/topic/create' },
  { label: '发动态', to: '/topic/create?type=1' },
  { label: '发文章', to: '/article/create' },
];

/** The "发表" choices, the same on desktop and mobile: those of the modules that are on. */
export function createItemsFor(config: Pick<SiteConfig, 'modules'>): DropdownItem[] {
  return allCreateItems.filter((item) => isLinkEnabled(config, item.to));
}
