/**
 * Fixture: publishes a topic through the real `createTopic` (or, with DELETE_TOPIC_ID, deletes one
 * through the real `deleteTopic`), then dies by SIGKILL at the point where the read model is
 * written, i.e. after the change and its event are in MongoDB and before any list shows it.
 */
import { createTopic, deleteTopic, systemContext, User, type UserDoc } from '@forum/core';
import { connectDoomedProcess, killOnRedisCommand, survived } from './doomed-process';

killOnRedisCommand('set', (args) => String(args[0]).includes(':rm:{rm}:e:topic:'));
await connectDoomedProcess({ kv: true });
const author = await User.findById(Number(process.env.AUTHOR_ID)).lean<UserDoc>();
if (process.env.DELETE_TOPIC_ID) {
  await deleteTopic(systemContext(author), Number(process.env.DELETE_TOPIC_ID));
} else {
  await createTopic(systemContext(author), {
    type: 0,
    nodeId: 0,
    title: process.env.TOPIC_TITLE!,
    content: '断电前写下的内容',
  } as never);
}
survived('the write');
