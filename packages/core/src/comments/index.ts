export { Comment, type CommentDoc } from './model';
export {
  registerCommentTarget,
  type CommentTarget,
  type ExternalCommentEntityType,
  type StoredComment,
} from './targets';
export { createComment } from './create-comment';
export { readShownComment } from './shown';
export { removeComment } from './remove-comment';
export {
  listComments,
  listReplies,
  type CommentPage,
  type CommentThread,
  type ThreadPage,
} from './list-comments';
export {
  commentContent,
  commentImages,
  loadCommentRelations,
  presentComment,
  presentReplyPage,
  presentThreadPage,
  quotedComment,
  type CommentRelations,
} from './presenters';
