import type { DropdownItem } from '~/components/Dropdown';

/** The "发表" choices, the same on desktop and mobile. */
export const createItems: DropdownItem[] = [
  { label: '发帖子', to: '/topic/create' },
  { label: '发动态', to: '/topic/create?type=1' },
  { label: '发文章', to: '/article/create' },
];
