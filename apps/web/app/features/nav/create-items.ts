import type { SiteConfig } from '@forum/contracts';
import type { DropdownItem } from '~/components/Dropdown';
import { isLinkEnabled } from '~/features/users/modules';
import { NavTexts } from '~/texts/nav';

const allCreateItems: (DropdownItem & { to: string })[] = [
  { label: NavTexts.createItems.topic, to: '/topic/create' },
  { label: NavTexts.createItems.tweet, to: '/topic/create?type=1' },
  { label: NavTexts.createItems.article, to: '/article/create' },
];

/** The choices of the create menu, the same on desktop and mobile: those of the modules that are on. */
export function createItemsFor(config: Pick<SiteConfig, 'modules'>): DropdownItem[] {
  return allCreateItems.filter((item) => isLinkEnabled(config, item.to));
}
