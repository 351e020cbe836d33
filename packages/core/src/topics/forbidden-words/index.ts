/**
 * Forbidden words: the admin keeps a list of words and regular expressions, each with a note; a
 * topic (or article, comment, nickname) that matches one is refused.
 */
export { addForbiddenWord } from './add-forbidden-word';
export { assertNoForbiddenWords, assertNoForbiddenWordsIn } from './assert-no-forbidden-words';
export { createForbiddenWord } from './create-forbidden-word';
export { deleteForbiddenWord } from './delete-forbidden-word';
export { listAllForbiddenWordsForAdmin } from './list-all-forbidden-words-for-admin';
export { listForbiddenWordsForAdmin, type ForbiddenWordQuery } from './list-forbidden-words-for-admin';
export { presentForbiddenWord } from './presenters';
export { removeForbiddenWord } from './remove-forbidden-word';
export { testForbiddenWordsForAdmin } from './test-forbidden-words-for-admin';
export { updateForbiddenWord } from './update-forbidden-word';
