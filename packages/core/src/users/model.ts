import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { outboxField, outboxPlugin, registerOutboxModel } from '../events/outbox';

/**
 * A person. `usernameLower` and `emailLower` carry case-insensitive uniqueness (no collation on
 * FerretDB). `forbiddenEndTime`: 0 = not muted, -1 = muted for ever, else the end in ms.
 */
const UserSchema = new Schema(
  {
    _id: { type: Number, required: true },
    // '' for users without one (third-party sign-up, sign-up without username); see usernameLower.
    username: { type: String, default: '' },
    usernameLower: { type: String, required: true },
    email: { type: String, default: '' },
    // Lower-cased e-mail, or `#<id>` when there is none, so the unique index never sees duplicates.
    emailLower: {
      type: String,
      required: true,
      default: function (this: { email?: string | null; _id?: number }) {
        return this.email ? this.email.toLowerCase() : `#${this._id}`;
      },
    },
    emailVerified: { type: Boolean, default: false },
    // Whether messages are also sent by e-mail (docs/legacy-api.md §4.18); the user turns it off.
    emailNotify: { type: Boolean, default: true },
    // Whether the topics the user posts, and those they comment on, are watched by default
    // (关注此话题, docs/events-and-jobs.md "Watched topics"); the user turns either off.
    watchPostedTopics: { type: Boolean, default: true },
    watchRepliedTopics: { type: Boolean, default: true },
    nickname: { type: String, required: true },
    avatar: { type: String, default: '' },
    backgroundImage: { type: String, default: '' },
    description: { type: String, default: '' },
    homePage: { type: String, default: '' },
    passwordHash: { type: String, default: '' },
    roles: { type: [String], default: [] },
    status: { type: Number, default: 0 },
    score: { type: Number, default: 0 },
    topicCount: { type: Number, default: 0 },
    commentCount: { type: Number, default: 0 },
    fansCount: { type: Number, default: 0 },
    followCount: { type: Number, default: 0 },
    forbiddenEndTime: { type: Number, default: 0 },
    /** Why the user is muted, as the moderator wrote it ('' when not muted or not said). */
    forbiddenReason: { type: String, default: '' },
    /** Tokens issued before this moment (ms) no longer sign in: "sign out everywhere else". */
    sessionsValidFrom: { type: Number, default: 0 },
    createTime: { type: Number, required: true },
    updateTime: { type: Number, required: true },
    outbox: outboxField,
  },
  { versionKey: false, collection: 'users' },
);
UserSchema.index({ usernameLower: 1 }, { unique: true });
UserSchema.index({ emailLower: 1 }, { unique: true });
UserSchema.index({ roles: 1 });
UserSchema.plugin(outboxPlugin);

export type UserDoc = InferSchemaType<typeof UserSchema> & {
  _id: number;
  /** Laid over by the read model from the user's points and the site's `levelConfig`; never stored. */
  level?: number;
  levelTitle?: string;
};
export const User = mongoose.model('User', UserSchema);
registerOutboxModel(User);

/** Sign-in tokens, stored as SHA-256 hashes of the 32 random bytes the client holds. */
const UserTokenSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: Number, required: true },
    expiresAt: { type: Number, required: true },
    revoked: { type: Boolean, default: false },
    createTime: { type: Number, required: true },
  },
  { versionKey: false, collection: 'user_tokens' },
);
UserTokenSchema.index({ userId: 1 });
UserTokenSchema.index({ expiresAt: 1 });
export const UserToken = mongoose.model('UserToken', UserTokenSchema);
