import { isDuplicateKeyError } from './duplicate-key';
import { insertWithFreshId } from './counters';

/**
 * Inserts `fields` as a new row with the next id of `sequence` and returns the row as stored (an
 * id another row holds is replaced by a fresh one: see `insertWithFreshId`). Callers check a unique
 * name first; `taken` answers the insert that still breaks the unique index because another
 * request took the name in between.
 */
export async function insertNumbered<Doc>(
  model: {
    create(row: object): Promise<{ toObject(): unknown }>;
    exists(filter: { _id: number }): Promise<unknown>;
  },
  sequence: string,
  fields: object,
  taken?: () => Error,
): Promise<Doc> {
  try {
    const created = await insertWithFreshId(sequence, model, (id) => model.create({ _id: id, ...fields }));
    return created.toObject() as Doc;
  } catch (error) {
    if (taken && isDuplicateKeyError(error)) throw taken();
    throw error;
  }
}
