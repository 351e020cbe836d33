import mongoose, { Schema } from 'mongoose';

/**
 * Remembers that the demo forum was loaded into this database (`state` 'done'), or is being
 * loaded ('loading'), so a second run adds nothing. The counts of the first run are kept for the
 * second run's report.
 */
const DemoMarkerSchema = new Schema(
  {
    _id: { type: String, required: true },
    state: { type: String, required: true, enum: ['loading', 'done'] },
    startTime: { type: Number, required: true },
    finishTime: { type: Number, default: 0 },
    counts: { type: Schema.Types.Mixed, default: undefined },
  },
  { versionKey: false, collection: 'demo_data' },
);

export const DemoMarker = mongoose.model('DemoMarker', DemoMarkerSchema);
