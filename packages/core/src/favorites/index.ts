export { Favorite, type FavoriteDoc } from './model';
export { registerFavoriteTarget, type FavoriteSubject, type FavoriteTarget } from './targets';
export { addFavorite, isFavorited, removeFavorite } from './favorite';
export { listFavorites, type FavoritePage } from './list-favorites';
export {
  legacyFavoritePage,
  presentFavoritePage,
  type LegacyFavorite,
  type LegacyFavoritePage,
} from './presenters';
