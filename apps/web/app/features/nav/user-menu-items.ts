/** The signed-in reader's own pages, in the desktop user menu and the phone sidebar alike. */
export function userMenuLinks(user: {
  id: number;
  can: { enterAdmin: boolean };
}): { label: string; to: string }[] {
  return [
    { label: '个人中心', to: `/user/${user.id}` },
    { label: '消息', to: '/user/messages' },
    { label: '我的收藏', to: '/user/favorites' },
    { label: '积分记录', to: '/user/scores' },
    { label: '编辑资料', to: '/user/profile' },
    { label: '账号设置', to: '/user/profile/account' },
    ...(user.can.enterAdmin ? [{ label: '管理后台', to: '/admin' }] : []),
  ];
}
