export { blockUser, isBlocking, listBlockedUsers, unblockUser } from './block-user';
export { Block } from './model';
