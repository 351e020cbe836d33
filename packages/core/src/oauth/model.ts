import mongoose, { Schema, type InferSchemaType } from 'mongoose';

/**
 * A sign-in identity at another site, linked to one of our users. `provider` is 'github', 'osc',
 * 'qq' or 'oidc:<issuer>'; `providerUserId` is that site's stable id (GitHub/OSChina numeric id, QQ
 * unionid, OIDC `sub`). Both unique indexes are always-set fields, so they work on FerretDB v1 and
 * make the first sign-in race-free without transactions.
 */
const ThirdAccountSchema = new Schema(
  {
    _id: { type: Number, required: true },
    userId: { type: Number, required: true },
    provider: { type: String, required: true, maxlength: 300 },
    providerUserId: { type: String, required: true, maxlength: 256 },
    nickname: { type: String, default: '' },
    avatar: { type: String, default: '' },
    /** Only when the provider vouches for it (OIDC `email_verified`); never shown to others. */
    email: { type: String, default: '' },
    /** The provider's profile JSON, size-capped (see `capExtraData`). */
    extraData: { type: String, default: '' },
    createTime: { type: Number, required: true },
    updateTime: { type: Number, required: true },
  },
  { versionKey: false, collection: 'third_accounts' },
);
ThirdAccountSchema.index({ provider: 1, providerUserId: 1 }, { unique: true });
ThirdAccountSchema.index({ userId: 1, provider: 1 }, { unique: true });

export type ThirdAccountDoc = InferSchemaType<typeof ThirdAccountSchema> & { _id: number };
export const ThirdAccount = mongoose.model('ThirdAccount', ThirdAccountSchema);
