/**
 * Finds the user behind a third-party identity, creating both on the first sign-in. Without
 * transactions the order matters: the third account is claimed first (its unique index settles a
 * race between two first sign-ins), then the user is inserted with the id the account already
 * names. A crash in between leaves an account whose user is missing, and the next sign-in creates it.
 */
import { NICKNAME_MAX_LENGTH, Texts } from '@forum/contracts';
import { nextId } from '../db/counters';
import { insertWithEvents, newEvent } from '../events';
import { User, type UserDoc } from '../users/model';
import { ThirdAccount, type ThirdAccountDoc } from './model';
import { capExtraData, type ThirdPartyProfile } from './profile';
import { reprojectUser } from '../read-model/users';

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: number } | null)?.code === 11000;
}

async function claimThirdAccount(
  provider: string,
  profile: ThirdPartyProfile,
  fields: Partial<ThirdAccountDoc>,
  now: number,
): Promise<ThirdAccountDoc> {
  const userId = await nextId('user');
  const id = await nextId('third_account');
  try {
    const created = await ThirdAccount.create({
      _id: id,
      userId,
      provider,
      providerUserId: profile.providerUserId,
      ...fields,
      createTime: now,
    });
    return created.toObject() as ThirdAccountDoc;
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    // Another sign-in of the same person won the race; its user is theirs and ours.
    const winner = await ThirdAccount.findOne({
      provider,
      providerUserId: profile.providerUserId,
    }).lean<ThirdAccountDoc>();
    if (!winner) throw error;
    return winner;
  }
}

async function insertUser(id: number, profile: ThirdPartyProfile, withEmail: boolean): Promise<void> {
  const now = Date.now();
  const event = newEvent('user.created', { userId: id, source: 'third-party' });
  await insertWithEvents(
    User,
    {
      _id: id,
      // No username yet; `#<id>` keeps the always-set unique index happy and can never be typed.
      username: '',
      usernameLower: `#${id}`,
      ...(withEmail ? { email: profile.email, emailVerified: true } : {}),
      nickname: profile.nickname.slice(0, NICKNAME_MAX_LENGTH) || Texts.users.defaultNickname(id),
      avatar: profile.avatar,
      homePage: profile.homePage,
      description: profile.description,
      createTime: now,
      updateTime: now,
    },
    [event],
    { project: () => reprojectUser(id) },
  );
}

async function createThirdPartyUser(id: number, profile: ThirdPartyProfile): Promise<UserDoc> {
  try {
    await insertUser(id, profile, !!profile.email);
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    const existing = await User.findById(id).lean<UserDoc>();
    if (existing) return existing;
    // The verified address belongs to another account here: sign-in must not take it over.
    if (!profile.email) throw error;
    await insertUser(id, profile, false);
  }
  const user = await User.findById(id).lean<UserDoc>();
  if (!user) throw new Error(`user ${id} vanished right after its creation`);
  return user;
}

/** The user signed in by this identity; the account keeps the provider's latest name, avatar and JSON. */
export async function findOrCreateThirdPartyUser(
  provider: string,
  profile: ThirdPartyProfile,
): Promise<UserDoc> {
  const now = Date.now();
  const fields = {
    nickname: profile.nickname,
    avatar: profile.avatar,
    email: profile.email,
    extraData: capExtraData(profile.raw),
    updateTime: now,
  };
  const account =
    (await ThirdAccount.findOneAndUpdate(
      { provider, providerUserId: profile.providerUserId },
      { $set: fields },
      { returnDocument: 'after' },
    ).lean<ThirdAccountDoc>()) ?? (await claimThirdAccount(provider, profile, fields, now));
  const user = await User.findById(account.userId).lean<UserDoc>();
  return user ?? (await createThirdPartyUser(account.userId, profile));
}
