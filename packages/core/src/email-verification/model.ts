import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { outboxField, outboxPlugin, registerOutboxModel } from '../events/outbox';

/**
 * One verification link (bbs-go `t_email_code`). Lookups go by `tokenHash`, the SHA-256 of the
 * token in the link. The raw `token` is kept too, because the mail job (another process, maybe
 * seconds later) must put it in the link and the event in Redis must not carry secrets; it is a
 * single-use 24 h secret and is cleared as soon as the mail is sent or the link is used.
 */
const EmailCodeSchema = new Schema(
  {
    _id: { type: Number, required: true },
    userId: { type: Number, required: true },
    /** The address the link was sent to; verification fails if the user's e-mail changed since. */
    email: { type: String, required: true },
    tokenHash: { type: String, required: true },
    token: { type: String, default: '' },
    used: { type: Boolean, default: false },
    createTime: { type: Number, required: true },
    /** When the mail went out; 0 = not yet. Keeps a re-run of the mail job from sending twice. */
    sentAt: { type: Number, default: 0 },
    outbox: outboxField,
  },
  { versionKey: false, collection: 'email_codes' },
);
EmailCodeSchema.index({ tokenHash: 1 }, { unique: true });
EmailCodeSchema.index({ userId: 1 });
EmailCodeSchema.plugin(outboxPlugin);

export type EmailCodeDoc = InferSchemaType<typeof EmailCodeSchema> & { _id: number };
export const EmailCode = mongoose.model('EmailCode', EmailCodeSchema);
registerOutboxModel(EmailCode);
