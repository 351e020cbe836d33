/** The owner's node management (legacy /api/admin/topic-node/...): create, edit, order, list, look up. */
import { NodeDraftSchema, type NodeDraftInput, Texts } from '@forum/contracts';
import { logAdminAction, type AuditMeta } from '../audit/admin-action';
import { adminPaging } from '../audit/admin-query';
import { nextId } from '../db/counters';
import { AppError } from '../errors';
import { isDuplicateKeyError } from '../events/jobs';
import type { UserDoc } from '../users/model';
import { authorize } from '../policies';
import { TopicNode, type TopicNodeDoc } from './model';
import { projectNode, reprojectNode } from '../read-model/nodes';

function parseDraft(input: NodeDraftInput) {
  const parsed = NodeDraftSchema.safeParse(input);
  if (!parsed.success) throw new AppError('INVALID_INPUT', parsed.error.issues[0]!.message);
  return parsed.data;
}

function nameTaken(name: string): AppError {
  return new AppError('CONFLICT', Texts.nodes.nameTaken(name));
}

/**
 * The id of the node named `name`, if any. The admin path may scan (a site has a handful of nodes);
 * checking before the write matters because FerretDB reports a unique violation on an update as a
 * generic error, not as a duplicate key.
 */
async function nodeIdNamed(name: string): Promise<number | undefined> {
  return (await TopicNode.findOne({ name }, { _id: 1 }).lean<{ _id: number }>())?._id;
}

export async function createNode(
  actor: UserDoc,
  input: NodeDraftInput,
  meta: AuditMeta = {},
): Promise<TopicNodeDoc> {
  authorize(actor, 'administer');
  const draft = parseDraft(input);
  if ((await nodeIdNamed(draft.name)) !== undefined) throw nameTaken(draft.name);
  let node: TopicNodeDoc;
  try {
    const created = await TopicNode.create({
      _id: await nextId('topic_node'),
      ...draft,
      createTime: Date.now(),
    });
    node = created.toObject() as TopicNodeDoc;
  } catch (error) {
    if (isDuplicateKeyError(error)) throw nameTaken(draft.name);
    throw error;
  }
  await projectNode(node);
  await logAdminAction(
    actor,
    { opType: 'create', dataType: 'topic_node', dataId: node._id, description: `创建节点：${node.name}` },
    meta,
  );
  return node;
}

export async function updateNode(
  actor: UserDoc,
  id: number,
  input: NodeDraftInput,
  meta: AuditMeta = {},
): Promise<TopicNodeDoc> {
  authorize(actor, 'administer');
  const draft = parseDraft(input);
  if (!(await getNodeForAdmin(id))) throw new AppError('NOT_FOUND', Texts.nodes.missing);
  const holder = await nodeIdNamed(draft.name);
  if (holder !== undefined && holder !== id) throw nameTaken(draft.name);
  try {
    await TopicNode.updateOne({ _id: id }, { $set: draft });
  } catch (error) {
    if (isDuplicateKeyError(error)) throw nameTaken(draft.name);
    throw error;
  }
  const node = (await reprojectNode(id))!;
  await logAdminAction(
    actor,
    { opType: 'update', dataType: 'topic_node', dataId: id, description: `修改节点：${node.name}` },
    meta,
  );
  return node;
}

/** Any node, hidden ones too, for the admin (by `_id`, so hidden nodes are found). */
export async function getNodeForAdmin(id: number): Promise<TopicNodeDoc | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return TopicNode.findById(id).lean<TopicNodeDoc>();
}

/**
 * Puts the given nodes in this order: the first gets `sortNo` 0, the next 1, … (the console's
 * drag ordering). Ids that name no node are refused before anything is written.
 */
export async function reorderNodes(actor: UserDoc, ids: number[], meta: AuditMeta = {}): Promise<void> {
  authorize(actor, 'administer');
  const nodes = await Promise.all(ids.map((id) => getNodeForAdmin(id)));
  if (nodes.some((node) => !node)) throw new AppError('NOT_FOUND', Texts.nodes.missing);
  for (const [index, id] of ids.entries()) {
    if (nodes[index]!.sortNo === index) continue;
    await TopicNode.updateOne({ _id: id }, { $set: { sortNo: index } });
    await reprojectNode(id);
  }
  await logAdminAction(
    actor,
    { opType: 'update', dataType: 'topic_node', dataId: 0, description: `调整节点顺序：${ids.join(',')}` },
    meta,
  );
}

export interface NodeAdminPage {
  page: { page: number; limit: number; total: number };
  results: TopicNodeDoc[];
}

/** Every node (any status) for the admin, by page; `name` filters by exact name. */
export async function listNodesForAdmin({
  name,
  status,
  page = 1,
  limit = 20,
}: {
  name?: string;
  status?: number;
  page?: number;
  limit?: number;
}): Promise<NodeAdminPage> {
  const paging = adminPaging({ page, limit });
  const filter: Record<string, unknown> = {};
  if (name) filter.name = name;
  if (status !== undefined) filter.status = status;
  const [results, total] = await Promise.all([
    TopicNode.find(filter)
      .sort({ sortNo: 1, _id: -1 })
      .skip(paging.skip)
      .limit(paging.limit)
      .lean<TopicNodeDoc[]>(),
    TopicNode.countDocuments(filter),
  ]);
  return { page: { page: paging.page, limit: paging.limit, total }, results };
}
