/**
 * The policy as one table: every role, every action, every state of its subject. A row names the
 * roles allowed; every other role is refused, a visitor with 请先登录 and anyone else with the
 * action's text. Pure functions: no services needed.
 */
import { describe, expect, it } from 'vitest';
import { ArticleStatus, TopicType } from '@forum/contracts';
import { articleAbilities, profileAbilities, siteAbilities, topicAbilities } from './abilities';
import {
  authorize,
  can,
  type ArticleSubject,
  type HiddenContentSubject,
  type PolicyAction,
  type PolicySubject,
  type TopicSubject,
} from './policy';
import { postingRefusal } from './posting';
import { isOwnerOrAdmin } from './roles';

const DAY_MS = 86_400_000;
const NOW = 1_700_000_000_000;

type Role = 'anonymous' | 'muted user' | 'user' | 'author' | 'admin' | 'owner';
type Actor = PolicySubject & { status: number; forbiddenEndTime: number; createTime: number };

const member = (_id: number, roles: string[], forbiddenEndTime = 0): Actor => ({
  _id,
  roles,
  status: 0,
  forbiddenEndTime,
  createTime: NOW - 365 * DAY_MS,
});

const actors: Record<Role, Actor | null> = {
  anonymous: null,
  'muted user': member(2, [], -1),
  user: member(3, []),
  author: member(4, []),
  admin: member(5, ['admin']),
  owner: member(6, ['owner']),
};
const roles = Object.keys(actors) as Role[];
const AUTHOR_ID = 4;

const topic = (status: number, type: number): TopicSubject => ({ userId: AUTHOR_ID, status, type });
const article = (status: number): ArticleSubject => ({ userId: AUTHOR_ID, status });
const hidden = (readerCommented: boolean): HiddenContentSubject => ({ userId: AUTHOR_ID, readerCommented });

/** A subject in one of its states; a function of the actor where it depends on who asks. */
type State = [name: string, subject: (actor: Actor | null) => unknown, allowed: Role[]];

const site = (allowed: Role[]): State[] => [['the site', () => undefined, allowed]];
const topics = (shown: Role[], deleted: Role[], tweet: Role[]): State[] => [
  ['a shown topic', () => topic(0, TopicType.Topic), shown],
  ['a deleted topic', () => topic(1, TopicType.Topic), deleted],
  ['a shown tweet', () => topic(0, TopicType.Tweet), tweet],
];
const posts = (shown: Role[], deleted: Role[]): State[] => [
  ['a shown comment or tweet', () => ({ userId: 4, status: 0 }), shown],
  ['a deleted comment or tweet', () => ({ userId: 4, status: 1 }), deleted],
];
const hiddenContent = (uncommented: Role[], commented: Role[]): State[] => [
  ['a hidden part, not commented on', () => hidden(false), uncommented],
  ['a hidden part, commented on', () => hidden(true), commented],
];
const articles = (shown: Role[], pending: Role[], deleted: Role[]): State[] => [
  ['a shown article', () => article(ArticleStatus.Ok), shown],
  ['a pending article', () => article(ArticleStatus.Pending), pending],
  ['a deleted article', () => article(ArticleStatus.Deleted), deleted],
];
const users = (plain: Role[], admin: Role[], owner: Role[], self: Role[]): State[] => [
  ['a plain user', () => member(90, []), plain],
  ['an admin', () => member(91, ['admin']), admin],
  ['an owner', () => member(92, ['owner']), owner],
  ['themself', (actor) => actor ?? member(93, []), self],
  ['nobody', () => null, []],
];

const everyone: Role[] = ['anonymous', 'muted user', 'user', 'author', 'admin', 'owner'];
const staff: Role[] = ['admin', 'owner'];
const owner: Role[] = ['owner'];
const managers: Role[] = ['author', 'admin', 'owner'];
const signedIn: Role[] = ['muted user', 'user', 'author', 'admin', 'owner'];

const table: Record<PolicyAction, State[]> = {
  enterAdmin: site(staff),
  moderate: site(staff),
  administer: site(owner),
  muteForever: site(owner),
  publishWithoutReview: site(staff),
  retryFailedJobs: site(staff),
  editAfterWindow: site(staff),
  // Each read of the admin console.
  getOverviewForAdmin: site(staff),
  listQueueCountsForAdmin: site(staff),
  listTopicsForAdmin: site(staff),
  getTopicForAdmin: site(staff),
  listArticlesForAdmin: site(staff),
  getArticleForAdmin: site(staff),
  listArticleTagsForAdmin: site(staff),
  listCommentsForAdmin: site(staff),
  getCommentForAdmin: site(staff),
  listUsersForAdmin: site(staff),
  getUserForAdmin: site(staff),
  listScoreLogsForAdmin: site(staff),
  listOperateLogsForAdmin: site(staff),
  getOperateLogForAdmin: site(staff),
  listNodesForAdmin: site(staff),
  getNodeForAdmin: site(staff),
  listTagsForAdmin: site(staff),
  getTagForAdmin: site(staff),
  autocompleteTagsForAdmin: site(staff),
  listLinksForAdmin: site(staff),
  getLinkForAdmin: site(staff),
  listProjectsForAdmin: site(staff),
  getProjectForAdmin: site(staff),
  listForbiddenWordsForAdmin: site(staff),
  listAllForbiddenWordsForAdmin: site(staff),
  testForbiddenWordsForAdmin: site(staff),
  listFavoriteRowsForAdmin: site(staff),
  getFavoriteRowForAdmin: site(staff),
  listThirdAccountRowsForAdmin: site(staff),
  getThirdAccountRowForAdmin: site(staff),
  listArticleTagRowsForAdmin: site(staff),
  getArticleTagRowForAdmin: site(staff),
  getSiteConfigForAdmin: site(owner),
  listSysConfigRowsForAdmin: site(owner),
  getSysConfigRowForAdmin: site(owner),
  getMailSettingsForAdmin: site(owner),
  getEditHistoryForAdmin: site(staff),
  handleReports: site(staff),
  // Any member writing a post; visitors write nothing.
  suggestMentions: site(signedIn),
  listReportsForAdmin: site(staff),
  // What the author wrote (or the author as a member): everyone signed in but the author.
  report: [["the author's content", () => ({ userId: AUTHOR_ID }), ['muted user', 'user', 'admin', 'owner']]],
  // Anyone signed in blocks anyone but themself.
  block: users(signedIn, signedIn, signedIn, []),
  // Anyone signed in watches a shown topic or tweet (their own too), never a deleted or hidden one,
  // and stops watching whatever became of it.
  watchTopic: [
    ...topics(signedIn, [], signedIn).map(([name, subject, allowed]): State => [
      name,
      () => ({ ...(subject(null) as object), hiddenByReports: false }),
      allowed,
    ]),
    ['a topic hidden by reports', () => ({ ...topic(0, TopicType.Topic), hiddenByReports: true }), []],
  ],
  unwatchTopic: site(signedIn),
  editTopic: topics(managers, [], []),
  deleteTopic: topics(managers, [], managers),
  // The edit window is `editAfterWindow`'s; muted authors are refused by the posting check.
  editComment: posts(managers, []),
  editTweet: posts(managers, []),
  recommendTopic: topics(staff, [], staff),
  stickyTopic: topics(staff, [], staff),
  // Commenting is what opens it, so a visitor (who cannot have commented) never reads it.
  readHiddenContent: hiddenContent(['author'], signedIn),
  readArticle: articles(everyone, managers, []),
  editArticle: articles(managers, managers, []),
  deleteArticle: articles(managers, managers, []),
  mute: users(staff, owner, owner, []),
  unmute: users(staff, owner, owner, []),
  mutePermanently: users(owner, owner, owner, []),
  editUser: users(staff, owner, owner, owner),
  editProfile: users([], [], [], signedIn),
  // Role checks are editUser's; these refuse only what one does to one's own account.
  disableUser: users(signedIn, signedIn, signedIn, []),
  dropOwnerRole: users(signedIn, signedIn, signedIn, []),
};

const refusals: Partial<Record<PolicyAction, { code: string; message: string }>> = {
  muteForever: { code: 'FORBIDDEN', message: '无永久禁言权限' },
  disableUser: { code: 'INVALID_INPUT', message: '不能禁用自己的账号' },
  dropOwnerRole: { code: 'INVALID_INPUT', message: '不能取消自己的站长角色' },
  report: { code: 'INVALID_INPUT', message: '不能举报自己' },
  block: { code: 'INVALID_INPUT', message: '不能屏蔽自己' },
  watchTopic: { code: 'FORBIDDEN', message: '该话题已删除或被隐藏，无法关注' },
};

const cases = (Object.entries(table) as [PolicyAction, State[]][]).flatMap(([action, states]) =>
  states.flatMap(([state, subject, allowed]) =>
    roles.map((role) => ({ role, action, state, subject, allowed: allowed.includes(role) })),
  ),
);

/** What `authorize` answers: the actor it lets through, or the error it throws. */
function authorized(...args: Parameters<typeof authorize>): unknown {
  try {
    return authorize(...args);
  } catch (error) {
    return error;
  }
}

describe('the policy table', () => {
  it.each(cases)('$role, $action, $state: $allowed', ({ role, action, subject, allowed }) => {
    const actor = actors[role];
    const target = subject(actor) as never;
    expect(can(actor, action, target)).toBe(allowed);
    if (!actor) {
      // `authorize` guards what signed-in users do: a visitor is asked to sign in, whatever `can` says.
      expect(authorized(actor, action, target)).toMatchObject({ code: 'NOT_SIGNED_IN', message: '请先登录' });
    } else if (allowed) {
      expect(authorized(actor, action, target)).toBe(actor);
    } else {
      expect(authorized(actor, action, target)).toMatchObject(
        refusals[action] ?? { code: 'FORBIDDEN', message: '无权限' },
      );
    }
  });
});

describe('posting', () => {
  const observeSeconds = 3600;
  it.each<[string, Actor | null, string | null]>([
    ['a visitor', actors.anonymous, 'NOT_SIGNED_IN'],
    ['a muted user', actors['muted user'], 'USER_MUTED'],
    ['a user muted for a while', member(7, [], NOW + DAY_MS), 'USER_MUTED'],
    ['a user whose mute ended', member(7, [], NOW - 1), null],
    ['a disabled user', { ...member(8, []), status: 1 }, 'USER_DISABLED'],
    [
      'a user inside the observation period',
      { ...member(9, []), createTime: NOW - 1000 },
      'OBSERVATION_PERIOD',
    ],
    ['a user', actors.user, null],
    ['an author', actors.author, null],
    ['an admin', actors.admin, null],
    ['the owner', actors.owner, null],
  ])('%s: %s', (_name, actor, code) => {
    expect(postingRefusal(actor, observeSeconds, NOW)?.code ?? null).toBe(code);
  });
});

describe('the abilities presenters send', () => {
  it('are all false for a visitor', () => {
    const everything = [
      siteAbilities(null),
      profileAbilities(null, member(90, [])),
      topicAbilities(null, topic(0, TopicType.Topic)),
      articleAbilities(null, article(ArticleStatus.Ok)),
    ].flatMap((abilities) => Object.values(abilities));
    expect(everything).not.toContain(true);
  });

  it.each<[Role, string]>([
    ['user', 'nothing'],
    ['author', 'edit and delete'],
    ['admin', 'everything'],
  ])('let %s do %s to a topic and an article', (role) => {
    const actor = actors[role];
    const mine = role === 'author' || role === 'admin';
    const staffOnly = role === 'admin';
    expect(topicAbilities(actor, topic(0, TopicType.Topic))).toEqual({
      edit: mine,
      delete: mine,
      recommend: staffOnly,
      sticky: staffOnly,
    });
    expect(articleAbilities(actor, article(ArticleStatus.Pending))).toEqual({ edit: mine, delete: mine });
  });

  it('offer no 修改 on a tweet, which cannot be edited, but 删除 to its author', () => {
    expect(topicAbilities(actors.author, topic(0, TopicType.Tweet))).toEqual({
      edit: false,
      delete: true,
      recommend: false,
      sticky: false,
    });
  });

  it("tell an admin the console is theirs but the owner's part and muting for ever are not", () => {
    expect(siteAbilities(actors.admin)).toEqual({ enterAdmin: true, administer: false, muteForever: false });
    expect(siteAbilities(actors.owner)).toEqual({ enterAdmin: true, administer: true, muteForever: true });
    expect(siteAbilities(actors.user)).toEqual({ enterAdmin: false, administer: false, muteForever: false });
  });

  it('let an admin mute a plain user but not another admin, nor themself', () => {
    expect(profileAbilities(actors.admin, member(90, []))).toEqual({ mute: true, unmute: true });
    expect(profileAbilities(actors.admin, member(91, ['admin']))).toEqual({ mute: false, unmute: false });
    expect(profileAbilities(actors.admin, actors.admin!)).toEqual({ mute: false, unmute: false });
  });
});

describe('roles', () => {
  it.each([
    [['owner'], true],
    [['admin'], true],
    [['admin', 'owner'], true],
    [[], false],
    [['moderator'], false],
  ])('roles %j moderate: %s', (held, expected) => {
    expect(isOwnerOrAdmin({ roles: held })).toBe(expected);
  });
});
