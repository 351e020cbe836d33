import mongoose, { Schema } from 'mongoose';

/** One replaced text: as it read, when it was written (posting or an earlier edit), and by whom. */
const EditVersionSchema = new Schema(
  {
    content: { type: String, default: '' },
    time: { type: Number, required: true },
    userId: { type: Number, required: true },
  },
  { _id: false },
);

/**
 * The replaced texts of one comment or tweet, oldest first, `_id` = `<kind>:<id>` so the history is
 * one key lookup. Only the API writes it (an edit pushes the text it replaces), one document per
 * item; the current text stays on the item itself.
 */
const EditHistorySchema = new Schema(
  {
    _id: { type: String, required: true },
    versions: { type: [EditVersionSchema], default: [] },
  },
  { versionKey: false, collection: 'edit_history' },
);

export interface EditVersionDoc {
  content: string;
  time: number;
  userId: number;
}

export interface EditHistoryDoc {
  _id: string;
  versions: EditVersionDoc[];
}

export const EditHistoryModel = mongoose.model('EditHistory', EditHistorySchema);

export const historyId = (kind: string, id: number) => `${kind}:${id}`;
