import { isDuplicateKeyError } from './duplicate-key';
import { nextId } from './counters';

/**
 * Inserts `fields` as a new row with the next id of `sequence` and returns the row as stored.
 * Callers check a unique name first; `taken` answers the insert that still breaks the unique index
 * because another request took the name in between.
 */
export async function insertNumbered<Doc>(
  model: { create(row: object): Promise<{ toObject(): unknown }> },
  sequence: string,
  fields: object,
  taken?: () => Error,
): Promise<Doc> {
  try {
    const created = await model.create({ _id: await nextId(sequence), ...fields });
    return created.toObject() as Doc;
  } catch (error) {
    if (taken && isDuplicateKeyError(error)) throw taken();
    throw error;
  }
}
