/**
 * The viewer's abilities that presenters send with what they present (Outline `presentPolicies`),
 * so the web app shows a control exactly when the policy allows it. A visitor's are all false.
 */
import type { ArticleAbilities, ProfileAbilities, SiteAbilities, TopicAbilities } from '@forum/contracts';
import { can, type ArticleSubject, type PolicySubject, type TopicSubject } from './policy';

type Viewer = PolicySubject | null | undefined;

export function siteAbilities(viewer: Viewer): SiteAbilities {
  return {
    enterAdmin: can(viewer, 'enterAdmin'),
    administer: can(viewer, 'administer'),
    muteForever: can(viewer, 'muteForever'),
  };
}

export function profileAbilities(viewer: Viewer, user: PolicySubject): ProfileAbilities {
  return { mute: can(viewer, 'mute', user), unmute: can(viewer, 'unmute', user) };
}

export function topicAbilities(viewer: Viewer, topic: TopicSubject): TopicAbilities {
  return {
    edit: can(viewer, 'editTopic', topic),
    delete: can(viewer, 'deleteTopic', topic),
    recommend: can(viewer, 'recommendTopic', topic),
    sticky: can(viewer, 'stickyTopic', topic),
  };
}

export function articleAbilities(viewer: Viewer, article: ArticleSubject): ArticleAbilities {
  return { edit: can(viewer, 'editArticle', article), delete: can(viewer, 'deleteArticle', article) };
}
