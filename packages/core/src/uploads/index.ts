export { createLocalStorage, type LocalStorageOptions } from './local-storage';
export { createS3Storage, type S3StorageOptions } from './s3-storage';
export { configureUploads, uploadStorage } from './settings';
export { signV4, type SigV4Credentials, type SigV4Request } from './sigv4';
export { imageUrl, isImageKey, uploadedKeyOf, type UploadStorage } from './storage';
export { ensureAvatarVariants, storeImage, type StoredImage, type StoreImageOptions } from './store-image';
export { uploadImage, type UploadImageInput } from './upload-image';
