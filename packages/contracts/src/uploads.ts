import { z } from 'zod';

/**
 * What an uploaded image is for. Avatars also get small square copies; backgrounds are scaled down
 * to a size a profile header needs.
 */
export const ImageKindSchema = z.enum(['image', 'avatar', 'background']);
export type ImageKind = z.infer<typeof ImageKindSchema>;

/** What `POST /api/upload` answers (a legacy endpoint, so no procedure validates it). */
export interface UploadResult {
  url: string;
}
