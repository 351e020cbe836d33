/**
 * Tags in the read model: each tag by id, the shown tags newest first, a hash of lower-cased names
 * to ids (get-or-create looks names up there), and the shown names in lexical order for the
 * autocomplete's prefix search (ZRANGEBYLEX over '<nameLower>\0<id>').
 */
import { Tag, type TagDoc } from '../tags/model';
import { cacheDoc, defineEntityKind, readKeptEntities, readKeptInOrder } from './entities';
import { placeInLists } from './membership';
import { defineRebuildSource } from './rebuild';
import { rmKey, rmRedis } from './store';

export const tagLists = {
  shown: () => rmKey('tags', 'shown'),
  names: () => rmKey('tags', 'names'),
  byName: () => rmKey('tags', 'lex'),
};

export const tagKind = defineEntityKind({ name: 'tag', model: Tag, hidden: [], counts: {}, keptWhole: true });

const lexMember = (tag: TagDoc) => `${tag.nameLower}\0${tag._id}`;

export async function projectTag(tag: TagDoc): Promise<void> {
  await cacheDoc(tagKind, tag);
  const shown = tag.status === 0;
  await placeInLists(`tag:${tag._id}`, tag._id, new Map(shown ? [[tagLists.shown(), tag._id]] : []));
  await placeInLists(`tag:${tag._id}:name`, lexMember(tag), new Map(shown ? [[tagLists.byName(), 0]] : []));
  await rmRedis().hset(tagLists.names(), tag.nameLower, tag._id);
}

export async function reprojectTag(id: number): Promise<TagDoc | null> {
  const tag = await Tag.findById(id).lean<TagDoc>();
  if (tag) await projectTag(tag);
  return tag;
}

export function readTags(ids: readonly number[]): Promise<Map<number, TagDoc>> {
  return readKeptEntities<TagDoc>(tagKind, ids);
}

export function readTagsInOrder(ids: readonly number[]): Promise<TagDoc[]> {
  return readKeptInOrder<TagDoc>(tagKind, ids);
}

/** Drops a renamed tag's old name from the name index, unless another tag holds it by now. */
export async function forgetTagName(lower: string, id: number): Promise<void> {
  if ((await rmRedis().hget(tagLists.names(), lower)) === String(id))
    await rmRedis().hdel(tagLists.names(), lower);
}

/** Ids of the tags with these lower-cased names (absent names are left out). */
export async function tagIdsByName(lowers: readonly string[]): Promise<Map<string, number>> {
  if (lowers.length === 0) return new Map();
  const ids = await rmRedis().hmget(tagLists.names(), ...lowers);
  return new Map(
    lowers.flatMap((lower, index) => (ids[index] ? [[lower, Number(ids[index])] as const] : [])),
  );
}

/** Ids of shown tags whose lower-cased name starts with `prefix`, in name order. */
export async function tagIdsWithPrefix(prefix: string, limit: number): Promise<number[]> {
  // Redis compares bytes: the byte 0xFF sorts after every UTF-8 continuation of the prefix.
  const upper = Buffer.concat([Buffer.from(`[${prefix}`), Buffer.from([0xff])]);
  const members = await rmRedis().zrangebylex(tagLists.byName(), `[${prefix}`, upper, 'LIMIT', 0, limit);
  return members.map((member) => Number(member.slice(member.lastIndexOf('\0') + 1)));
}

defineRebuildSource<TagDoc>({ name: 'tags', owner: 'tag', model: Tag, project: projectTag });
