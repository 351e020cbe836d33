export { Message, MessageRead, type MessageDoc, type MessageReadDoc } from './model';
export { sendMessage, pushUnreadCount, type MessageDraft } from './send-message';
export { listMessages, markMessagesRead, recentMessages } from './read-messages';
export { presentMessage, messageDetailUrl } from './presenters';
export { commentMessageDrafts, siteDateTime, topicQuote } from './rules';
export { messageJobs } from './jobs';
