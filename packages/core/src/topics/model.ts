import type { TopicRendering } from './rendering';
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { mentionsField } from '../mentions/model';
import { outboxField, outboxPlugin, registerOutboxModel } from '../events/outbox';

const TopicImageSchema = new Schema({ url: { type: String, required: true } }, { _id: false });

/**
 * A topic (type 0: title + Markdown) or a tweet (type 1: plain text + up to 9 images), legacy
 * `t_topic`. `status` 0 shown, 1 deleted. `lastCommentTime` starts at the creation time.
 *
 * `tagIds` replaces bbs-go's `t_topic_tag` table: a multikey index on it serves "topics of a tag"
 * with the same order as the other lists, and since it lives on the topic it always carries the
 * topic's current status and last-comment time (bbs-go's copies drifted, docs/legacy-api.md Appendix A #6).
 */
const TopicSchema = new Schema(
  {
    _id: { type: Number, required: true },
    type: { type: Number, required: true },
    nodeId: { type: Number, required: true },
    userId: { type: Number, required: true },
    title: { type: String, default: '' },
    content: { type: String, default: '' },
    imageList: { type: [TopicImageSchema], default: [] },
    mentions: mentionsField,
    hideContent: { type: String, default: '' },
    tagIds: { type: [Number], default: [] },
    status: { type: Number, default: 0 },
    recommend: { type: Boolean, default: false },
    recommendTime: { type: Number, default: 0 },
    sticky: { type: Boolean, default: false },
    stickyTime: { type: Number, default: 0 },
    viewCount: { type: Number, default: 0 },
    commentCount: { type: Number, default: 0 },
    likeCount: { type: Number, default: 0 },
    lastCommentTime: { type: Number, required: true },
    lastCommentUserId: { type: Number, default: 0 },
    ip: { type: String, default: '' },
    userAgent: { type: String, default: '' },
    createTime: { type: Number, required: true },
    /** The last edit of the text (comments and tweets, see `edits/`): when, and by whom; 0 when never. */
    editTime: { type: Number, default: 0 },
    editUserId: { type: Number, default: 0 },
    outbox: outboxField,
  },
  { versionKey: false, collection: 'topics' },
);
// One index per list (see list-topics.ts): all, by node, recommended, sticky, by user, by tag,
// and the newest topics by id.
TopicSchema.index({ status: 1, lastCommentTime: -1 });
TopicSchema.index({ status: 1, nodeId: 1, lastCommentTime: -1 });
TopicSchema.index({ status: 1, recommend: 1, lastCommentTime: -1 });
TopicSchema.index({ status: 1, sticky: 1, stickyTime: -1 });
TopicSchema.index({ userId: 1, status: 1, _id: -1 });
TopicSchema.index({ tagIds: 1, status: 1, lastCommentTime: -1 });
TopicSchema.index({ status: 1, _id: -1 });
TopicSchema.plugin(outboxPlugin);

export type TopicDoc = InferSchemaType<typeof TopicSchema> & {
  _id: number;
  /** Only in the read model's copy: the body rendered when the topic was cached (rendering.ts). */
  rendered?: TopicRendering;
};
export const Topic = mongoose.model('Topic', TopicSchema);
registerOutboxModel(Topic);

/**
 * Who has commented on a topic, one row per (topic, user), `_id` = `<topicId>:<userId>`. It answers
 * "may this reader see the hidden content?" with one key lookup, without reading comments.
 */
const TopicCommenterSchema = new Schema(
  {
    _id: { type: String, required: true },
    topicId: { type: Number, required: true },
    userId: { type: Number, required: true },
    createTime: { type: Number, required: true },
  },
  { versionKey: false, collection: 'topic_commenters' },
);
export const TopicCommenter = mongoose.model('TopicCommenter', TopicCommenterSchema);

/**
 * Admin-managed forbidden words and regular expressions (`wordLower` unique): a topic whose title,
 * body or tags match one is refused.
 */
const ForbiddenWordSchema = new Schema(
  {
    _id: { type: Number, required: true },
    word: { type: String, required: true },
    wordLower: { type: String, required: true },
    /** `word` (contained, any case) or `regex` (flags `iu`); rows from before rules had kinds are words. */
    kind: { type: String, enum: ['word', 'regex'], default: 'word' },
    note: { type: String, default: '' },
    createTime: { type: Number, required: true },
  },
  { versionKey: false, collection: 'forbidden_words' },
);
ForbiddenWordSchema.index({ wordLower: 1 }, { unique: true });
export type ForbiddenWordDoc = InferSchemaType<typeof ForbiddenWordSchema> & { _id: number };
export const ForbiddenWord = mongoose.model('ForbiddenWord', ForbiddenWordSchema);
