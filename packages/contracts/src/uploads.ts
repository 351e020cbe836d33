import { z } from 'zod';

/**
 * What an uploaded image is for. Avatars also get small square copies; backgrounds are scaled down
 * to a size a profile header needs.
 */
export const ImageKindSchema = z.enum(['image', 'avatar', 'background']);
export type ImageKind = z.infer<typeof ImageKindSchema>;

export const UploadResultSchema = z.object({ url: z.string() });
export type UploadResult = z.infer<typeof UploadResultSchema>;
