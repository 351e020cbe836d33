/**
 * Finds the user behind a third-party identity, creating both on the first sign-in. Without
 * transactions the order matters: the third account is claimed first (its unique index settles a
 * race between two first sign-ins), then the user is inserted with the id the account already
 * names. A crash in between leaves an account whose user is missing, and the next sign-in creates it.
 */
import { NICKNAME_MAX_LENGTH, Texts } from '@forum/contracts';
import { IdTakenError, insertWithFreshId, nextId, raiseIdSequence } from '../db/counters';
import { isDuplicateKeyError } from '../db/duplicate-key';
import { insertWithEvents, newEvent } from '../events';
import { User, type UserDoc } from '../users/model';
import { ThirdAccount, type ThirdAccountDoc } from './model';
import { capExtraData, type ThirdPartyProfile } from './profile';
import { reprojectUser } from '../read-model/users';

const USER_ATTEMPTS = 5;

/**
 * A new user id no user holds yet (a lookup by `_id` each): a sequence behind its collection
 * (rows written by another process) is raised rather than handing an older user's id to a
 * newcomer, whose sign-in would then open that user's account.
 */
async function freeUserId(): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const id = await nextId('user');
    if (!(await User.exists({ _id: id }))) return id;
    if (attempt >= USER_ATTEMPTS)
      throw new Error(`user id ${id} is taken: the sequence stays behind its collection`);
    await raiseIdSequence('user');
  }
}

async function claimThirdAccount(
  provider: string,
  profile: ThirdPartyProfile,
  fields: Partial<ThirdAccountDoc>,
  now: number,
): Promise<ThirdAccountDoc> {
  const userId = await freeUserId();
  try {
    const created = await insertWithFreshId('third_account', ThirdAccount, (id) =>
      ThirdAccount.create({
        _id: id,
        userId,
        provider,
        providerUserId: profile.providerUserId,
        ...fields,
        createTime: now,
      }),
    );
    return created.toObject<ThirdAccountDoc>();
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
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

/**
 * The account's user id was taken by a user who is not this identity's (the sequence was behind
 * its collection): the account is given a fresh id, unless a concurrent sign-in did so already.
 */
async function renumberAccountUser(account: ThirdAccountDoc): Promise<ThirdAccountDoc> {
  await raiseIdSequence('user');
  const fresh = await freeUserId();
  await ThirdAccount.updateOne({ _id: account._id, userId: account.userId }, { $set: { userId: fresh } });
  const current = await ThirdAccount.findById(account._id).lean<ThirdAccountDoc>();
  if (!current) throw new Error(`third account ${account._id} vanished while renumbering its user`);
  return current;
}

async function createThirdPartyUser(account: ThirdAccountDoc, profile: ThirdPartyProfile): Promise<UserDoc> {
  for (let attempt = 1; ; attempt++) {
    const id = account.userId;
    try {
      await insertUser(id, profile, !!profile.email);
    } catch (error) {
      if (!(error instanceof IdTakenError) && !isDuplicateKeyError(error)) throw error;
      const existing = await User.findById(id).lean<UserDoc>();
      // A concurrent first sign-in of this identity created its user (after the account).
      if (existing && existing.createTime >= account.createTime) return existing;
      if (existing) {
        if (attempt >= USER_ATTEMPTS) throw error;
        account = await renumberAccountUser(account);
        continue;
      }
      // The verified address belongs to another account here: sign-in must not take it over.
      if (!profile.email) throw error;
      await insertUser(id, profile, false);
    }
    const user = await User.findById(id).lean<UserDoc>();
    if (!user) throw new Error(`user ${id} vanished right after its creation`);
    return user;
  }
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
  const known = await ThirdAccount.findOneAndUpdate(
    { provider, providerUserId: profile.providerUserId },
    { $set: fields },
    { returnDocument: 'after' },
  ).lean<ThirdAccountDoc>();
  if (known) {
    const user = await User.findById(known.userId).lean<UserDoc>();
    if (user) return user;
  }
  // A first sign-in (or one whose user a crash left missing): the user is created now, and a user
  // found under the account's id is taken as its own only when created after the account.
  return createThirdPartyUser(known ?? (await claimThirdAccount(provider, profile, fields, now)), profile);
}
