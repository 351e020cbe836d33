import { entityUpdater } from '../events/update-with-events';
import { reprojectTopic } from '../read-model/topics';
import { Topic } from './model';

/** Updates a topic with its events, projects it and dispatches them (see `entityUpdater`). */
export const changeTopic = entityUpdater('topic', Topic, reprojectTopic);
