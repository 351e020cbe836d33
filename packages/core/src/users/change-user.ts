import { entityUpdater } from '../events/update-with-events';
import { reprojectUser } from '../read-model/users';
import { User } from './model';

/** Updates a user with its events, projects them and dispatches the events (see `entityUpdater`). */
export const changeUser = entityUpdater('user', User, reprojectUser);
