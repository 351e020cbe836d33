import { entityUpdater } from '../events/update-with-events';
import { reprojectArticle } from '../read-model/articles';
import { Article } from './model';

/** Updates an article with its events, projects it and dispatches them (see `entityUpdater`). */
export const changeArticle = entityUpdater('article', Article, reprojectArticle);
