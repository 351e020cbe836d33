export { editContent, getEditSource } from './edit-content';
export { getEditHistoryForAdmin } from './get-edit-history';
export { EditHistoryModel } from './model';
