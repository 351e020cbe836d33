/**
 * Who may do what, in one place (docs/architecture.md "Roles"; Outline `server/policies/`). Owner and
 * admin moderate; only the owner administers the site and mutes for ever; nobody moderates
 * themself, and an admin cannot touch the owner or another admin (bbs-go allowed that). Authors
 * change their own topics and articles. `can` answers; `authorize` refuses with the coded error.
 */
import { AppErrorCode, ArticleStatus, TopicType, TopicStatus, Texts } from '@forum/contracts';
import { AppError } from '../errors';
import { isOwner, isOwnerOrAdmin } from './roles';

/** A user, acting or acted upon. */
export interface PolicySubject {
  _id: number;
  roles?: readonly string[] | null;
}

export interface TopicSubject {
  userId: number;
  status: number;
  type: number;
}

/** A topic's "visible after reply" part, and whether the reader has commented on the topic. */
export interface HiddenContentSubject {
  userId: number;
  readerCommented: boolean;
}

/** A comment or tweet someone edits after posting. */
export interface PostSubject {
  userId: number;
  status: number;
}

/** A topic someone asks to watch (关注此话题), and whether reports hid it. */
export interface WatchSubject extends TopicSubject {
  hiddenByReports: boolean;
}

export interface ArticleSubject {
  userId: number;
  status?: number | null;
}

type Actor = PolicySubject | null | undefined;

const isAuthor = (actor: Actor, content: { userId: number }) => !!actor && actor._id === content.userId;
const isSomeoneElse = (actor: Actor, target: PolicySubject) => !!actor && actor._id !== target._id;

function mayModerate(actor: Actor, target: PolicySubject): boolean {
  if (!actor || target._id === actor._id || !isOwnerOrAdmin(actor)) return false;
  return isOwner(actor) || !isOwnerOrAdmin(target);
}

function mayManageTopic(actor: Actor, topic: TopicSubject): boolean {
  return topic.status === TopicStatus.Ok && (isAuthor(actor, topic) || isOwnerOrAdmin(actor));
}

/** Recommending and pinning are moderators' marks on a shown topic. */
function mayMarkTopic(actor: Actor, topic: TopicSubject): boolean {
  return topic.status === TopicStatus.Ok && isOwnerOrAdmin(actor);
}

function mayManageArticle(actor: Actor, article: ArticleSubject): boolean {
  return article.status !== ArticleStatus.Deleted && (isAuthor(actor, article) || isOwnerOrAdmin(actor));
}

/** What needs no subject: the site's own doors. */
const siteRules = {
  enterAdmin: isOwnerOrAdmin,
  /** Recommend, pin, restore, approve, remove comments, keep the word filter, links and projects. */
  moderate: isOwnerOrAdmin,
  /** Site settings, nodes, tag names, accounts, roles and mail settings. */
  administer: isOwner,
  muteForever: isOwner,
  /** A moderator's edit of a shown article does not send it back to review. */
  publishWithoutReview: isOwnerOrAdmin,
  /**
   * Run a failed job again, as it was queued (its event as recorded). Nobody adds, edits, pauses
   * or removes jobs: the queue dashboard only shows them.
   */
  retryFailedJobs: isOwnerOrAdmin,
  /** Edit a comment or tweet after the site's edit window closed (members edit only within it). */
  editAfterWindow: isOwnerOrAdmin,
  /** Decide on reported items: dismiss, delete, mute the author (docs/moderation.md). */
  handleReports: isOwnerOrAdmin,
  /** Stop watching a topic, whatever became of it (docs/events-and-jobs.md "Watched topics"). */
  unwatchTopic: (actor: Actor) => !!actor,
  /** Ask the editors' `@` list for members (who they are is for members to see). */
  suggestMentions: (actor: Actor) => !!actor,
};

/**
 * Every read of the admin console, named as its use case: the console's lists and rows are the
 * moderators'; the site's stored settings are the owner's. Each read checks its own row, whatever
 * the transport already checked in front of it.
 */
const adminReadRules = {
  getOverviewForAdmin: isOwnerOrAdmin,
  listQueueCountsForAdmin: isOwnerOrAdmin,
  listTopicsForAdmin: isOwnerOrAdmin,
  getTopicForAdmin: isOwnerOrAdmin,
  listArticlesForAdmin: isOwnerOrAdmin,
  getArticleForAdmin: isOwnerOrAdmin,
  listArticleTagsForAdmin: isOwnerOrAdmin,
  listCommentsForAdmin: isOwnerOrAdmin,
  getCommentForAdmin: isOwnerOrAdmin,
  listUsersForAdmin: isOwnerOrAdmin,
  getUserForAdmin: isOwnerOrAdmin,
  listScoreLogsForAdmin: isOwnerOrAdmin,
  listOperateLogsForAdmin: isOwnerOrAdmin,
  getOperateLogForAdmin: isOwnerOrAdmin,
  listNodesForAdmin: isOwnerOrAdmin,
  getNodeForAdmin: isOwnerOrAdmin,
  listTagsForAdmin: isOwnerOrAdmin,
  getTagForAdmin: isOwnerOrAdmin,
  autocompleteTagsForAdmin: isOwnerOrAdmin,
  listLinksForAdmin: isOwnerOrAdmin,
  getLinkForAdmin: isOwnerOrAdmin,
  listProjectsForAdmin: isOwnerOrAdmin,
  getProjectForAdmin: isOwnerOrAdmin,
  listForbiddenWordsForAdmin: isOwnerOrAdmin,
  listAllForbiddenWordsForAdmin: isOwnerOrAdmin,
  testForbiddenWordsForAdmin: isOwnerOrAdmin,
  listFavoriteRowsForAdmin: isOwnerOrAdmin,
  getFavoriteRowForAdmin: isOwnerOrAdmin,
  listThirdAccountRowsForAdmin: isOwnerOrAdmin,
  getThirdAccountRowForAdmin: isOwnerOrAdmin,
  listArticleTagRowsForAdmin: isOwnerOrAdmin,
  getArticleTagRowForAdmin: isOwnerOrAdmin,
  getSiteConfigForAdmin: isOwner,
  listSysConfigRowsForAdmin: isOwner,
  getSysConfigRowForAdmin: isOwner,
  getMailSettingsForAdmin: isOwner,
  getEditHistoryForAdmin: isOwnerOrAdmin,
  listReportsForAdmin: isOwnerOrAdmin,
};

const subjectRules = {
  // Tweets are short posts people react to; changing one afterwards would rewrite the conversation.
  editTopic: (actor: Actor, topic: TopicSubject) =>
    topic.type === TopicType.Topic && mayManageTopic(actor, topic),
  deleteTopic: mayManageTopic,
  /** A shown comment or tweet: its author (within the edit window, see `editAfterWindow`) or a moderator. */
  editComment: (actor: Actor, comment: PostSubject) =>
    comment.status === 0 && (isAuthor(actor, comment) || isOwnerOrAdmin(actor)),
  editTweet: (actor: Actor, tweet: PostSubject) =>
    tweet.status === TopicStatus.Ok && (isAuthor(actor, tweet) || isOwnerOrAdmin(actor)),
  recommendTopic: mayMarkTopic,
  stickyTopic: mayMarkTopic,
  /** The hidden part of a topic is for its author and for those who commented on it. */
  readHiddenContent: (actor: Actor, hidden: HiddenContentSubject) =>
    !!actor && (isAuthor(actor, hidden) || hidden.readerCommented),
  /** A pending article is shown only to its author and to moderators, who approve it. */
  readArticle: (actor: Actor, article: ArticleSubject) =>
    article.status === ArticleStatus.Ok ||
    (article.status === ArticleStatus.Pending && mayManageArticle(actor, article)),
  editArticle: mayManageArticle,
  deleteArticle: mayManageArticle,
  mute: mayModerate,
  unmute: mayModerate,
  mutePermanently: (actor: Actor, target: PolicySubject) => isOwner(actor) && mayModerate(actor, target),
  // The owner edits anyone (themself included); an admin edits people without a role.
  editUser: (actor: Actor, target: PolicySubject) =>
    isOwner(actor) || (isOwnerOrAdmin(actor) && !isOwnerOrAdmin(target)),
  /**
   * What nobody does to their own account, whatever their role (which `editUser` already checked):
   * disable it, or take the owner role off it (the site would be left without an owner).
   */
  disableUser: isSomeoneElse,
  dropOwnerRole: isSomeoneElse,
  /** Any member reports what someone else wrote, or someone else (docs/moderation.md). */
  report: (actor: Actor, target: { userId: number }) => !!actor && actor._id !== target.userId,
  /** Any member blocks (and unblocks) anyone but themself (docs/moderation.md). */
  block: isSomeoneElse,
  /**
   * Any member watches a shown topic or tweet, their own included; not a deleted one, nor one
   * reports hid (docs/events-and-jobs.md "Watched topics").
   */
  watchTopic: (actor: Actor, topic: WatchSubject) =>
    !!actor && topic.status === TopicStatus.Ok && !topic.hiddenByReports,
  /** A profile is its owner's own. */
  editProfile: (actor: Actor, target: Pick<PolicySubject, '_id'>) => !!actor && actor._id === target._id,
};

type SiteAction = keyof typeof siteRules | AdminRead;
/** An admin read, by the name of its use case. */
export type AdminRead = keyof typeof adminReadRules;
type SubjectAction = keyof typeof subjectRules;
export type PolicyAction = SiteAction | SubjectAction;
/** What an action is done to; the site's own actions take none. */
export type SubjectOf<A extends PolicyAction> = A extends SubjectAction
  ? Parameters<(typeof subjectRules)[A]>[1]
  : never;

/** Refusals worded otherwise than FORBIDDEN "无权限". */
const refusals: Partial<Record<PolicyAction, { code: AppErrorCode; message: string }>> = {
  muteForever: { code: AppErrorCode.Forbidden, message: Texts.mute.muteForeverForbidden },
  // A request to harm one's own account is answered as a bad input, not as a missing right.
  disableUser: { code: AppErrorCode.InvalidInput, message: Texts.users.cannotDisableSelf },
  dropOwnerRole: { code: AppErrorCode.InvalidInput, message: Texts.users.cannotDropOwnOwnerRole },
  report: { code: AppErrorCode.InvalidInput, message: Texts.reports.cannotReportSelf },
  block: { code: AppErrorCode.InvalidInput, message: Texts.blocks.cannotBlockSelf },
  watchTopic: { code: AppErrorCode.Forbidden, message: Texts.watches.cannotWatch },
};

const siteActionRules: Record<SiteAction, (actor: Actor) => boolean> = { ...siteRules, ...adminReadRules };
const isSiteAction = (action: PolicyAction): action is SiteAction => Object.hasOwn(siteActionRules, action);

/** Whether `actor` (null: a visitor) may do `action` to `subject`; nothing is done to no subject. */
export function can<A extends PolicyAction>(actor: Actor, action: A, subject?: SubjectOf<A> | null): boolean {
  if (isSiteAction(action)) return siteActionRules[action](actor);
  if (!subject) return false;
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc does not narrow the generic A here
  const rule = subjectRules[action as SubjectAction] as (actor: Actor, subject: unknown) => boolean;
  return rule(actor, subject);
}

/** The signed-in actor; a visitor is asked to sign in (NOT_SIGNED_IN). */
export function signedIn<U extends PolicySubject>(actor: U | null | undefined): U {
  if (!actor) throw new AppError('NOT_SIGNED_IN');
  return actor;
}

/**
 * The signed-in actor who may do `action`: a visitor is asked to sign in (NOT_SIGNED_IN), anyone
 * else refused is FORBIDDEN (or the action's own refusal).
 */
export function authorize<U extends PolicySubject, A extends PolicyAction>(
  actor: U | null | undefined,
  action: A,
  subject?: SubjectOf<A> | null,
): U {
  const user = signedIn(actor);
  if (!can(user, action, subject)) {
    const refusal = refusals[action];
    throw refusal ? new AppError(refusal.code, refusal.message) : new AppError(AppErrorCode.Forbidden);
  }
  return user;
}
