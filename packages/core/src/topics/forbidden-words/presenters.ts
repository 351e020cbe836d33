import type { ForbiddenWordItem } from '@forum/contracts';
import type { ForbiddenWordDoc } from '../model';

export function presentForbiddenWord(row: ForbiddenWordDoc): ForbiddenWordItem {
  return {
    id: row._id,
    word: row.word,
    kind: row.kind ?? 'word',
    note: row.note ?? '',
    createTime: row.createTime,
  };
}
