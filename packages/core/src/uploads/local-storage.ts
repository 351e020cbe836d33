import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isImageKey, type UploadStorage } from './storage';

export interface LocalStorageOptions {
  /** The folder the API serves at `/uploads`. */
  dir: string;
  /** The public URL of that folder, e.g. `https://forum.example/uploads`. */
  publicUrl: string;
}

/** Images on the API machine's disk (the default for a single-machine site). */
export function createLocalStorage({ dir, publicUrl }: LocalStorageOptions): UploadStorage {
  // Keys come from our own hashing, but a path is only built from a key that has our shape, so no
  // caller can ever make us write or read outside `dir`.
  const pathOf = (key: string) => {
    if (!isImageKey(key)) throw new Error(`not an upload key: ${key}`);
    return join(dir, key);
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename, so a reader never sees half a file and two equal uploads cannot clash.
      const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    publicUrl: publicUrl.replace(/\/+$/, ''),
  };
}
