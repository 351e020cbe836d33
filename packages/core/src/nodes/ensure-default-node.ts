import { Texts } from '@forum/contracts';
import { insertWithFreshId } from '../db/counters';
import { isDuplicateKeyError } from '../db/duplicate-key';
import { reprojectNode } from '../read-model/nodes';
import { TopicNode } from './model';

/** A name, not only a text: the test factories find the default node by it. */
export const DEFAULT_NODE_NAME = Texts.nodes.defaultName;

/**
 * Gives a fresh site one node, so the first topic can be posted before the owner makes any. Runs
 * on every start; it does nothing once a node exists. Two processes starting together race on the
 * unique name, and the loser's insert is simply dropped.
 */
export async function ensureDefaultNode(): Promise<void> {
  if (await TopicNode.exists({})) return;
  try {
    const id = await insertWithFreshId('topic_node', TopicNode, async (id) => {
      await TopicNode.create({
        _id: id,
        name: DEFAULT_NODE_NAME,
        description: '',
        logo: '',
        sortNo: 0,
        status: 0,
        createTime: Date.now(),
      });
      return id;
    });
    await reprojectNode(id);
  } catch (error) {
    // Another process created the node of this name at the same moment: its row is there.
    if (!isDuplicateKeyError(error) || !(await TopicNode.exists({ name: DEFAULT_NODE_NAME }))) throw error;
  }
}
