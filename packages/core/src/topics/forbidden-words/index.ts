/**
 * Forbidden words: the admin keeps a list of words and regular expressions, each with a note; a
 * topic (or article, comment, nickname) that matches one is refused.
 */
export { addForbiddenWord } from './add-forbidden-word';
export { assertNoForbiddenWords } from './assert-no-forbidden-words';
export { createForbiddenWord } from './create-forbidden-word';
export { deleteForbiddenWord } from './delete-forbidden-word';
export { listForbiddenWords } from './list-forbidden-words';
export { pageForbiddenWords, type ForbiddenWordQuery } from './page-forbidden-words';
export { presentForbiddenWord } from './presenters';
export { removeForbiddenWord } from './remove-forbidden-word';
export { testForbiddenWords } from './test-forbidden-words';
export { updateForbiddenWord } from './update-forbidden-word';
