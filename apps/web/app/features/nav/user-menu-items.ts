import { NavTexts } from '~/texts/nav';

/** The signed-in reader's own pages, in the desktop user menu and the phone sidebar alike. */
export function userMenuLinks(user: {
  id: number;
  can: { enterAdmin: boolean };
}): { label: string; to: string }[] {
  return [
    { label: NavTexts.userMenu.home, to: `/user/${user.id}` },
    { label: NavTexts.userMenu.messages, to: '/user/messages' },
    { label: NavTexts.userMenu.favorites, to: '/user/favorites' },
    { label: NavTexts.userMenu.scores, to: '/user/scores' },
    { label: NavTexts.userMenu.profile, to: '/user/profile' },
    { label: NavTexts.userMenu.account, to: '/user/profile/account' },
    ...(user.can.enterAdmin ? [{ label: NavTexts.userMenu.admin, to: '/admin' }] : []),
  ];
}
