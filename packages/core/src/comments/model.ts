import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { CommentContentTypes } from '@forum/contracts';
import { mentionsField } from '../mentions/model';
import { outboxField, outboxPlugin, registerOutboxModel } from '../events/outbox';

const CommentImageSchema = new Schema({ url: { type: String, required: true } }, { _id: false });

/**
 * A comment on a topic or article, or a reply (`entityType` 'comment', `entityId` = the top-level
 * comment), legacy `t_comment`. `quoteId` is the reply being answered. `commentCount` counts
 * replies. `status` 0 shown, 1 deleted.
 */
const CommentSchema = new Schema(
  {
    _id: { type: Number, required: true },
    userId: { type: Number, required: true },
    entityType: { type: String, required: true },
    entityId: { type: Number, required: true },
    content: { type: String, default: '' },
    contentType: { type: String, required: true, enum: CommentContentTypes },
    imageList: { type: [CommentImageSchema], default: [] },
    mentions: mentionsField,
    quoteId: { type: Number, default: 0 },
    likeCount: { type: Number, default: 0 },
    commentCount: { type: Number, default: 0 },
    status: { type: Number, default: 0 },
    ip: { type: String, default: '' },
    userAgent: { type: String, default: '' },
    createTime: { type: Number, required: true },
    /** The last edit of the text (comments and tweets, see `edits/`): when, and by whom; 0 when never. */
    editTime: { type: Number, default: 0 },
    editUserId: { type: Number, default: 0 },
    outbox: outboxField,
  },
  { versionKey: false, collection: 'comments' },
);
// The comments of an entity, newest first; read backwards it also serves the replies of a comment
// (entityType 'comment') oldest first, so one index backs both lists.
CommentSchema.index({ entityType: 1, entityId: 1, status: 1, _id: -1 });
CommentSchema.plugin(outboxPlugin);

export type CommentDoc = InferSchemaType<typeof CommentSchema> & { _id: number };
export const Comment = mongoose.model('Comment', CommentSchema);
registerOutboxModel(Comment);
