import { useRef, useState, type ChangeEvent } from 'react';
import type { ImageKind } from '@forum/contracts';
import { toast } from '~/features/toast';
import { uploadImage } from '~/features/uploads/upload-image';
import { errorMessage } from '~/lib/api-error';
import { useRefreshPeople } from './profile-hooks';

/**
 * Choosing a picture for one's own profile (the avatar, the banner's background): a hidden file input
 * and a `pick` that opens it; the chosen file is uploaded, its address saved with `save`, and the
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
  const input = useRef<HTMLInputElement>(null);
  const refresh = useRefreshPeople();
  const [busy, setBusy] = useState(false);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Choosing the same file again must fire change again.
    event.target.value = '';
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

  return {
    busy,
    pick: () => input.current?.click(),
    /** Spread on the `<input>`. */
    fileInput: {
      ref: input,
      type: 'file',
      accept: 'image/*',
      hidden: true,
      onChange: (event: ChangeEvent<HTMLInputElement>) => void upload(event),
    },
  };
}
