import type { ImageKind, UploadResult } from '@forum/contracts';
import { CLIENT_HEADER } from '~/lib/site';
import { EditorTexts } from '~/texts/editor';

interface UploadEnvelope {
  success: boolean;
  message: string;
  data: UploadResult | null;
}

/**
 * Sends one image to the legacy multipart endpoint (the session cookie goes with it) and returns its
 * URL. A refusal throws an Error carrying the server's Chinese message.
 */
export async function uploadImage(file: Blob, kind: ImageKind = 'image'): Promise<string> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('image', file);
  let body: UploadEnvelope;
  try {
    const response = await fetch('/api/upload', {
      method: 'POST',
      body: form,
      headers: { ...CLIENT_HEADER },
      credentials: 'same-origin',
    });
    body = (await response.json()) as UploadEnvelope;
  } catch {
    throw new Error(EditorTexts.images.uploadFailedRetry);
  }
  if (!body.success || !body.data?.url) throw new Error(body.message || EditorTexts.images.uploadFailedRetry);
  return body.data.url;
}
