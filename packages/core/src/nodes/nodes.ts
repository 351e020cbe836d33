/** Topic nodes: the public list, one node, the owner's create/update, and the default node. */
import { NodeDraftSchema, type NodeDraftInput } from '@forum/contracts';
import { nextId } from '../db/counters';
import { AppError } from '../errors';
import { isDuplicateKeyError } from '../events/jobs';
import type { UserDoc } from '../users/model';
import { isOwner } from '../users/roles';
import { TopicNode, type TopicNodeDoc } from './model';
import { projectNode, readNodes, readShownNodes, reprojectNode } from '../read-model/nodes';

/** The most nodes a list returns; a forum has a handful, this only bounds the query. */
const NODES_MAX = 500;

/** Shown nodes, `sortNo` ascending then newest first (legacy GET /api/topic/nodes). */
export function listNodes(): Promise<TopicNodeDoc[]> {
  return readShownNodes(NODES_MAX);
}

export async function getNode(id: number): Promise<TopicNodeDoc | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return (await readNodes([id])).get(id) ?? null;
}

/** Nodes of the given ids, in one round trip. */
export function nodesByIds(ids: number[]): Promise<Map<number, TopicNodeDoc>> {
  return readNodes(ids);
}

function parseDraft(input: NodeDraftInput) {
  const parsed = NodeDraftSchema.safeParse(input);
  if (!parsed.success) throw new AppError('INVALID_INPUT', parsed.error.issues[0]!.message);
  return parsed.data;
}

function assertOwner(actor: UserDoc): void {
  if (!isOwner(actor)) throw new AppError('FORBIDDEN', '无权限');
}

function nameTaken(name: string): AppError {
  return new AppError('CONFLICT', `节点「${name}」已存在`);
}

export async function createNode(actor: UserDoc, input: NodeDraftInput): Promise<TopicNodeDoc> {
  assertOwner(actor);
  const draft = parseDraft(input);
  if (await TopicNode.exists({ name: draft.name })) throw nameTaken(draft.name);
  try {
    const created = await TopicNode.create({
      _id: await nextId('topic_node'),
      ...draft,
      createTime: Date.now(),
    });
    const node = created.toObject() as TopicNodeDoc;
    await projectNode(node);
    return node;
  } catch (error) {
    if (isDuplicateKeyError(error)) throw nameTaken(draft.name);
    throw error;
  }
}

export async function updateNode(actor: UserDoc, id: number, input: NodeDraftInput): Promise<TopicNodeDoc> {
  assertOwner(actor);
  const draft = parseDraft(input);
  if (!(await getNode(id))) throw new AppError('NOT_FOUND', '节点不存在');
  if (await TopicNode.exists({ name: draft.name, _id: { $ne: id } })) throw nameTaken(draft.name);
  try {
    await TopicNode.updateOne({ _id: id }, { $set: draft });
  } catch (error) {
    if (isDuplicateKeyError(error)) throw nameTaken(draft.name);
    throw error;
  }
  return (await reprojectNode(id))!;
}

export interface NodeAdminPage {
  page: { page: number; limit: number; total: number };
  results: TopicNodeDoc[];
}

/** Every node (any status) for the admin, by page; `name` filters by exact name. */
export async function listNodesForAdmin({
  name,
  page = 1,
  limit = 20,
}: {
  name?: string;
  page?: number;
  limit?: number;
}): Promise<NodeAdminPage> {
  const safePage = page > 0 ? Math.floor(page) : 1;
  const safeLimit = limit > 0 ? Math.min(100, Math.floor(limit)) : 20;
  const filter = name ? { name } : {};
  const [results, total] = await Promise.all([
    TopicNode.find(filter)
      .sort({ sortNo: 1, _id: -1 })
      .skip((safePage - 1) * safeLimit)
      .limit(safeLimit)
      .lean<TopicNodeDoc[]>(),
    TopicNode.countDocuments(filter),
  ]);
  return { page: { page: safePage, limit: safeLimit, total }, results };
}

export const DEFAULT_NODE_NAME = '默认节点';

/**
 * Gives a fresh site one node, so the first topic can be posted before the owner makes any. Runs
 * on every start; it does nothing once a node exists. Two processes starting together race on the
 * unique name, and the loser's insert is simply dropped.
 */
export async function ensureDefaultNode(): Promise<void> {
  if (await TopicNode.exists({})) return;
  try {
    const id = await nextId('topic_node');
    await TopicNode.create({
      _id: id,
      name: DEFAULT_NODE_NAME,
      description: '',
      logo: '',
      sortNo: 0,
      status: 0,
      createTime: Date.now(),
    });
    await reprojectNode(id);
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
}
