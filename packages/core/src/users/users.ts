/** Users by id, as other features' pages show them (the read model's copy, without private fields). */
import { readUsers } from '../read-model/users';
import type { UserDoc } from './model';

/** Users of the given ids, with their counts and level, in one round trip. */
export function usersByIds(ids: readonly number[]): Promise<Map<number, UserDoc>> {
  return readUsers(ids);
}
