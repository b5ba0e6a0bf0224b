import { readdir, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';

const PART = '.part';

/**
 * Writes `file` whole or not at all: `write` fills a `.part` file beside it, which is renamed into place, so a reader
 * never sees half a file and a failed write leaves nothing behind. What a killed process leaves is swept at the next
 * start (`removeInterruptedWrites`).
 */
export async function writeWhole<T>(file: string, write: (partial: string) => Promise<T>): Promise<T> {
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}${PART}`;
  try {
    const result = await write(partial);
    await rename(partial, file);
    return result;
  } catch (error) {
    await unlink(partial).catch(() => {});
    throw error;
  }
}

/** Whether a file name is a write `writeWhole` has not finished: never a file to serve or count. */
export const isInterruptedWrite = (name: string) => name.endsWith(PART);

/** Removes the `.part` files anywhere under `folder` that a process killed mid-write left; answers how many. */
export async function removeInterruptedWrites(folder: string): Promise<number> {
  const names = await readdir(folder, { recursive: true }).catch(() => [] as string[]);
  const parts = names.filter(isInterruptedWrite);
  await Promise.all(parts.map((name) => unlink(join(folder, name)).catch(() => {})));
  return parts.length;
}
