export { Favorite, type FavoriteDoc } from './model';
export { registerFavoriteTarget, type FavoriteSubject, type FavoriteTarget } from './targets';
export { addFavorite, isFavorited, removeFavorite } from './favorite';
export { listFavorites, type FavoritePage } from './list-favorites';
export { favoriteEntries, presentFavoritePage, type FavoriteEntry } from './presenters';
