import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { mentionsField } from '../mentions/model';
import { outboxField, outboxPlugin, registerOutboxModel } from '../events/outbox';

/**
 * An article, legacy `t_article`. `status` 0 shown, 1 deleted, 2 waiting for review. `rejected`
 * (ours) marks a deleted article a moderator removed while it waited for review: its author still
 * finds it, marked 未通过审核, on their own personal page.
 *
 * `tagIds` replaces bbs-go's `t_article_tag` table: the multikey index serves "articles of a tag",
 * and since the ids live on the article they always carry its current status, so deleted and
 * pending articles leave tag lists at once (bbs-go's copies did not, docs/legacy-api.md Appendix A #10).
 */
const ArticleSchema = new Schema(
  {
    _id: { type: Number, required: true },
    userId: { type: Number, required: true },
    title: { type: String, required: true },
    summary: { type: String, default: '' },
    content: { type: String, required: true },
    /** `markdown` for everything written here; `html` only for imported rows. */
    contentType: { type: String, default: 'markdown' },
    mentions: mentionsField,
    sourceUrl: { type: String, default: '' },
    tagIds: { type: [Number], default: [] },
    status: { type: Number, default: 0 },
    rejected: { type: Boolean },
    viewCount: { type: Number, default: 0 },
    commentCount: { type: Number, default: 0 },
    likeCount: { type: Number, default: 0 },
    createTime: { type: Number, required: true },
    updateTime: { type: Number, required: true },
    outbox: outboxField,
  },
  { versionKey: false, collection: 'articles' },
);
// One index per list (list-articles.ts): all shown articles, one author's, one tag's.
ArticleSchema.index({ status: 1, _id: -1 });
ArticleSchema.index({ userId: 1, status: 1, _id: -1 });
ArticleSchema.index({ tagIds: 1, status: 1, _id: -1 });
ArticleSchema.plugin(outboxPlugin);

export type ArticleDoc = InferSchemaType<typeof ArticleSchema> & { _id: number };
export const Article = mongoose.model('Article', ArticleSchema);
registerOutboxModel(Article);
