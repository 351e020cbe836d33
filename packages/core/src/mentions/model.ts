import { Schema } from 'mongoose';

/**
 * The members a post's text mentions (`@username`), resolved when the text is written: the name as
 * written (lower-cased) and the member's id. Absent on posts without mentions and on posts written
 * before mentions existed. Rendering links these names; the mention jobs tell these members.
 */
const MentionSchema = new Schema(
  { username: { type: String, required: true }, userId: { type: Number, required: true } },
  { _id: false },
);

export const mentionsField = { type: [MentionSchema], default: undefined };

export interface Mention {
  username: string;
  userId: number;
}
