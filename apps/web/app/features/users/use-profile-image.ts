import { useState } from 'react';
import type { ImageKind } from '@forum/contracts';
import { toast } from '~/features/toast';
import { uploadImage } from '~/features/uploads/upload-image';
import { useImagePicker } from '~/features/uploads/use-image-picker';
import { errorMessage } from '~/lib/api-error';
import { useRefreshPeople } from './profile-hooks';

/**
 * Choosing a picture for one's own profile (the avatar, the banner's background): `useImagePicker`'s
 * hidden file input and `pick`; the chosen file is uploaded, its address saved with `save`, and the
 * people shown are fetched again. `busy` while that runs; `success` or `failure` is toasted after.
 */
export function useProfileImage({
  kind,
  save,
  success,
  failure,
}: {
  kind: ImageKind;
  save: (url: string) => Promise<unknown>;
  success: string;
  failure: string;
}) {
  const refresh = useRefreshPeople();
  const [busy, setBusy] = useState(false);

  const upload = async ([file]: File[]) => {
    if (!file) return;
    setBusy(true);
    try {
      await save(await uploadImage(file, kind));
      toast.success(success);
      await refresh();
    } catch (error) {
      toast.error(errorMessage(error, failure));
    } finally {
      setBusy(false);
    }
  };

  const { pick, fileInput } = useImagePicker({ onFiles: (files) => void upload(files) });
  return { busy, pick, fileInput };
}
