import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageService, MAX_IMAGE_SIDE, parseModifiers, type ImageModifiers } from './images.ts';

const dir = mkdtempSync(join(tmpdir(), 'vitrine-images-'));
const service = new ImageService(join(dir, 'media'), join(dir, 'cache'));
const modifiers = (segment: string): ImageModifiers => {
  const parsed = parseModifiers(segment);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.modifiers;
};

beforeAll(async () => {
  await mkdir(join(dir, 'media', '1'), { recursive: true });
  await sharp({ create: { width: 1200, height: 800, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 0.5 } } })
    .png()
    .toFile(join(dir, 'media', '1', 'photo.png'));
  writeFileSync(join(dir, 'secret.key'), 'do not serve me');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('parseModifiers', () => {
  it('reads every modifier, with webp and quality 80 by default', () => {
    expect(parseModifiers('_')).toEqual({ ok: true, modifiers: { f: 'webp', q: 80, fit: 'cover' } });
    expect(parseModifiers('f_png,w_10,h_20,q_50,fit_contain,b_ffffff')).toEqual({
      ok: true,
      modifiers: { f: 'png', w: 10, h: 20, q: 50, fit: 'contain', b: 'ffffff' },
    });
  });

  it('names the modifier at fault', () => {
    const cases: [string, string][] = [
      ['f_gif', 'f'],
      ['w_0', 'w'],
      [`w_${MAX_IMAGE_SIDE + 1}`, 'w'],
      ['h_abc', 'h'],
      ['q_101', 'q'],
      ['fit_squash', 'fit'],
      ['b_red', 'b'],
      ['zoom_2', 'zoom'],
      ['w_10,w_20', 'w'],
      ['nonsense', 'nonsense'],
    ];
    for (const [segment, field] of cases) {
      const parsed = parseModifiers(segment);
      expect(parsed.ok, segment).toBe(false);
      if (!parsed.ok) expect(parsed.field, segment).toBe(field);
    }
  });
});

describe('ImageService', () => {
  it('resizes to the width and height asked, in the format asked', async () => {
    const result = await service.render('/media/1/photo.png', modifiers('f_jpeg,w_300,h_300,q_60'));
    expect(result).toMatchObject({ contentType: 'image/jpeg', found: true });
    expect(await sharp(result.file).metadata()).toMatchObject({ format: 'jpeg', width: 300, height: 300 });
  });

  it('keeps the aspect ratio with fit inside and never enlarges', async () => {
    const inside = await sharp((await service.render('/media/1/photo.png', modifiers('w_600,h_600,fit_inside'))).file).metadata();
    expect([inside.width, inside.height, inside.format]).toEqual([600, 400, 'webp']);
    const huge = await sharp((await service.render('/media/1/photo.png', modifiers('w_4000'))).file).metadata();
    expect(huge.width).toBe(1200);
  });

  it('fills transparency with the background colour', async () => {
    const result = await service.render('/media/1/photo.png', modifiers('f_png,w_10,b_0000ff'));
    const { data } = await sharp(result.file).raw().toBuffer({ resolveWithObject: true });
    // Half-transparent red over blue: about half of each.
    expect(Math.abs(data[0]! - 100)).toBeLessThanOrEqual(2);
    expect(Math.abs(data[1]! - 20)).toBeLessThanOrEqual(2);
    expect(Math.abs(data[2]! - 148)).toBeLessThanOrEqual(2);
  });

  it('caches a result on disk and serves it again without redoing the work', async () => {
    const first = await service.render('/media/1/photo.png', modifiers('w_200'));
    const made = statSync(first.file).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await service.render('/media/1/photo.png', modifiers('w_200'));
    expect(second.file).toBe(first.file);
    expect(statSync(second.file).mtimeMs).toBe(made);
  });

  it('shares one piece of work between identical requests in flight', async () => {
    const [a, b] = await Promise.all([service.render('/media/1/photo.png', modifiers('w_123')), service.render('/media/1/photo.png', modifiers('w_123'))]);
    expect(a.file).toBe(b.file);
  });

  it('answers a missing source, or a path out of the media folder, with the placeholder', async () => {
    for (const path of ['/media/1/missing.png', '/media/../secret.key', '/media/%2e%2e/secret.key', '/secret.key', '/media/%E0%A4%A']) {
      const result = await service.render(path, modifiers('f_png,w_400,h_300'));
      expect(result.found, path).toBe(false);
      const meta = await sharp(result.file).metadata();
      expect([meta.format, meta.width, meta.height], path).toEqual(['png', 400, 300]);
    }
  });
});
