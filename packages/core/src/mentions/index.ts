export { type Mention } from './model';
export { mentionedNames, resolveMentions } from './rules';
export { mentionDraft, tellMentioned, type MentionedPost } from './notify-mentions';
export { suggestMembers } from './suggest-members';
export { mentionJobs } from './jobs';
