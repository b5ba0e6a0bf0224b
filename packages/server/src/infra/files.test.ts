import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeInterruptedWrites, writeWhole } from './files.ts';

const folder = () => mkdtempSync(join(tmpdir(), 'vitrine-files-'));

describe('interrupted uploads leave no *.part files behind (issue 13)', () => {
  it('writes a file whole through a .part beside it', async () => {
    const dir = folder();
    await writeWhole(join(dir, 'a.webp'), (partial) => writeFile(partial, 'image bytes'));
    expect(readdirSync(dir)).toEqual(['a.webp']);
    expect(readFileSync(join(dir, 'a.webp'), 'utf8')).toBe('image bytes');
  });

  it('removes the .part and writes nothing when the write fails half way', async () => {
    const dir = folder();
    const failing = writeWhole(join(dir, 'a.webp'), async (partial) => {
      await writeFile(partial, 'half an ima');
      throw new Error('connection reset');
    });
    await expect(failing).rejects.toThrow('connection reset');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('sweeps the .part files a killed process left, at any depth, and keeps every finished file', async () => {
    const dir = folder();
    mkdirSync(join(dir, '1', 'uploads'), { recursive: true });
    mkdirSync(join(dir, '2', 'uploads'), { recursive: true });
    writeFileSync(join(dir, '1', 'uploads', 'done.webp'), 'x');
    writeFileSync(join(dir, '1', 'uploads', 'done.webp.4242.k3j.part'), 'x');
    writeFileSync(join(dir, '2', 'uploads', 'other.webp.4242.z9.part'), 'x');
    expect(await removeInterruptedWrites(dir)).toBe(2);
    expect(readdirSync(join(dir, '1', 'uploads'))).toEqual(['done.webp']);
    expect(readdirSync(join(dir, '2', 'uploads'))).toEqual([]);
    expect(await removeInterruptedWrites(join(dir, 'missing'))).toBe(0);
    expect(existsSync(dir)).toBe(true);
  });
});
