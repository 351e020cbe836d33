import mongoose, { Schema, type InferSchemaType } from 'mongoose';

/**
 * A message to a user (legacy `t_message`, docs/legacy-api.md §4.5). `key` names the event and the recipient
 * (`<eventId>:<userId>`), unique, so an event handled twice tells each recipient once. `fromId` 0
 * is the system. Whether a message was read is not kept here but in the user's read mark
 * (`MessageRead`): reading marks every message up to the newest read, which is one write however
 * many messages that covers.
 */
const MessageSchema = new Schema(
  {
    _id: { type: Number, required: true },
    key: { type: String, required: true },
    fromId: { type: Number, required: true },
    userId: { type: Number, required: true },
    title: { type: String, default: '' },
    content: { type: String, default: '' },
    quoteContent: { type: String, default: '' },
    type: { type: Number, required: true },
    /** JSON, stored as the string legacy clients receive. */
    extraData: { type: String, default: '{}' },
    createTime: { type: Number, required: true },
  },
  { versionKey: false, collection: 'messages' },
);
MessageSchema.index({ key: 1 }, { unique: true });
MessageSchema.index({ userId: 1, _id: -1 });

export type MessageDoc = InferSchemaType<typeof MessageSchema> & { _id: number };
export const Message = mongoose.model('Message', MessageSchema);

/** The newest message id a user has read (`_id` = user id): every message up to it is read. */
const MessageReadSchema = new Schema(
  {
    _id: { type: Number, required: true },
    upTo: { type: Number, required: true },
    updateTime: { type: Number, required: true },
  },
  { versionKey: false, collection: 'message_reads' },
);

export type MessageReadDoc = InferSchemaType<typeof MessageReadSchema> & { _id: number };
export const MessageRead = mongoose.model('MessageRead', MessageReadSchema);
