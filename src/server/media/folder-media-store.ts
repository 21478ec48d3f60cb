import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MediaStore } from './media-store.js';

/** The media library in a folder of this machine (MEDIA_DIR): one file per stored name. */
export function folderMediaStore(folder: string): MediaStore {
  const pathOf = (name: string) => path.join(folder, name);
  return {
    description: `the folder ${folder}`,
    write: async (name, bytes, { replace }) => {
      await mkdir(folder, { recursive: true });
      // 'wx' refuses to write over a file: a new upload's random name is never reused.
      await writeFile(pathOf(name), bytes, { flag: replace ? 'w' : 'wx' });
    },
    remove: (name) => rm(pathOf(name), { force: true }),
    size: async (name) => {
      const stats = await stat(pathOf(name)).catch(() => null);
      return stats?.isFile() ? stats.size : null;
    },
    read: async (name, range) => createReadStream(pathOf(name), range),
    list: async function* () {
      const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) if (entry.isFile()) yield entry.name;
    },
  };
}
