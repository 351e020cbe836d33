/** Editing one's own comments and tweets after posting, and the versions moderators read. */
export const EditsTexts = {
  /** The action under a comment or tweet while its author may still edit it. */
  edit: '编辑',
  cancel: '取消编辑',
  save: '保存',
  saved: '修改成功',
  /** The inline editor's accessible name. */
  editorLabel: '修改内容',
  /** After a changed comment's or tweet's time, with how long ago the last edit was. */
  editedAgo: (when: string) => `已编辑 ${when}`,
  /** The moderators' view of every text an item had. */
  history: '历史版本',
  historyTitle: '历史版本',
  current: '当前版本',
  original: '最初版本',
  versionOf: (index: number) => `第${index}版`,
  emptyText: '（无文字）',
} as const;
