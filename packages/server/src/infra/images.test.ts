import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_SIZES, imageSize } from '@vitrine/commerce';
import { imageBreakpoints, imageDensities } from '@vitrine/theme-engine';
import {
  ImageQueueFull,
  ImageService,
  MAX_IMAGE_SIDE,
  MAX_PLACEHOLDER_SIDE,
  WorkQueue,
  boundedResize,
  parseModifiers,
  type ImageModifiers,
} from './images.ts';

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
    expect(parseModifiers('f_png,w_40,h_96,q_50,fit_contain,b_ffffff')).toEqual({
      ok: true,
      modifiers: { f: 'png', w: 40, h: 96, q: 50, fit: 'contain', b: 'ffffff' },
    });
  });

  it('offers every srcset width the storefront asks for (the image breakpoints at each density) as it is', () => {
    for (const width of Object.values(imageBreakpoints))
      for (const density of imageDensities)
        expect(parseModifiers(`w_${width * density}`)).toMatchObject({ modifiers: { w: width * density } });
    for (const size of IMAGE_SIZES) expect(imageSize(size)).toBe(size);
  });

  it('snaps sizes up to the shared list, clamps quality into its range, and writes colours one way', () => {
    expect(parseModifiers('w_10,h_1000,q_100,b_FFF')).toMatchObject({ ok: true, modifiers: { w: 40, h: 1024, q: 90, b: 'ffffff' } });
    expect(parseModifiers('w_4096,h_3073,q_1')).toMatchObject({ ok: true, modifiers: { w: 3072, h: 3072, q: 30 } });
    expect(parseModifiers('w_1536,q_72')).toMatchObject({ ok: true, modifiers: { w: 1536, q: 70 } });
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
    const inside = await sharp((await service.render('/media/1/photo.png', modifiers('w_640,h_640,fit_inside'))).file).metadata();
    expect([inside.width, inside.height, inside.format]).toEqual([640, 427, 'webp']);
    const huge = await sharp((await service.render('/media/1/photo.png', modifiers('w_4000'))).file).metadata();
    expect(huge.width).toBe(1200);
  });

  it('fills transparency with the background colour', async () => {
    const result = await service.render('/media/1/photo.png', modifiers('f_png,w_40,b_0000ff'));
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
    const [a, b] = await Promise.all([
      service.render('/media/1/photo.png', modifiers('w_120')),
      service.render('/media/1/photo.png', modifiers('w_120')),
    ]);
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

  it('a made-up path asking for a 4096 px AVIF costs one small placeholder, shared by every missing path', async () => {
    const cache = join(dir, 'cache-missing');
    const images = new ImageService(join(dir, 'media'), cache);
    const files = new Set<string>();
    for (let n = 0; n < 8; n++) {
      const result = await images.render(`/media/1/${Math.random().toString(36).slice(2)}.jpg`, modifiers('f_avif,w_4096,h_4096,q_100'));
      expect(result.found).toBe(false);
      files.add(result.file);
    }
    expect(files.size).toBe(1);
    const meta = await sharp([...files][0]!).metadata();
    expect([meta.width, meta.height]).toEqual([MAX_PLACEHOLDER_SIDE, MAX_PLACEHOLDER_SIDE]);
    expect(readdirSync(cache, { recursive: true }).filter((name) => String(name).endsWith('.avif'))).toHaveLength(1);
  });

  it('keeps the disk cache within its bound, the least recently used going first', async () => {
    const cache = join(dir, 'cache-bounded');
    const probe = await new ImageService(join(dir, 'media'), join(dir, 'cache-probe')).render(
      '/media/1/photo.png',
      modifiers('w_300,f_png'),
    );
    const bound = Math.round(statSync(probe.file).size * 2.5);
    const images = new ImageService(join(dir, 'media'), cache, bound);
    const a = await images.render('/media/1/photo.png', modifiers('w_300,f_png'));
    const b = await images.render('/media/1/photo.png', modifiers('w_320,f_png'));
    await images.render('/media/1/photo.png', modifiers('w_300,f_png'));
    const c = await images.render('/media/1/photo.png', modifiers('w_240,f_png'));
    expect([existsSync(a.file), existsSync(b.file), existsSync(c.file)]).toEqual([true, false, true]);
    const total = readdirSync(cache, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);
    expect(total).toBeLessThanOrEqual(bound);
  });

  it('removes what interrupted writes left in the cache when it starts', async () => {
    const cache = join(dir, 'cache-interrupted');
    mkdirSync(join(cache, 'ab'), { recursive: true });
    writeFileSync(join(cache, 'ab', 'abcdef.webp.123.xyz.part'), 'half an image');
    await new ImageService(join(dir, 'media'), cache).render('/media/1/photo.png', modifiers('w_50'));
    expect(readdirSync(join(cache, 'ab'))).toEqual([]);
  });
});

describe('boundedResize', () => {
  const photo = { width: 4000, height: 3000 };
  it('keeps what is within the bound', () => {
    expect(boundedResize(photo, { w: 640, fit: 'cover' }, 2048 * 2048)).toEqual({ width: 640 });
    expect(boundedResize(photo, { w: 2048, h: 2048, fit: 'contain' }, 2048 * 2048)).toEqual({ width: 2048, height: 2048 });
  });
  it('shrinks a box, or a scaled picture, to the bound with its shape kept', () => {
    const box = boundedResize(photo, { w: 3072, h: 3072, fit: 'contain' }, 2048 * 2048);
    expect(box).toEqual({ width: 2048, height: 2048 });
    const whole = boundedResize(photo, { fit: 'cover' }, 1_000_000);
    expect(whole.width! * Math.round((whole.width! * 3) / 4)).toBeLessThanOrEqual(1_000_000);
    // A tall strip asked for by width alone would be 3072×30720: it is made as its bound allows.
    const strip = boundedResize({ width: 4000, height: 40_000 }, { w: 3072, fit: 'cover' }, 2048 * 2048);
    expect(strip.width! * strip.width! * 10).toBeLessThanOrEqual(2048 * 2048);
    const outside = boundedResize(photo, { w: 40, h: 3072, fit: 'outside' }, 2048 * 2048);
    expect(outside.width! * outside.width! * 0.75).toBeLessThanOrEqual(2048 * 2048);
  });
});

describe('WorkQueue', () => {
  it('runs at most its limit at once, keeps a bounded line, and refuses the rest at once', async () => {
    const queue = new WorkQueue(2, 3);
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const job = () =>
      queue.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
      });
    const accepted = Array.from({ length: 5 }, job);
    await expect(job()).rejects.toBeInstanceOf(ImageQueueFull);
    while (releases.length || running) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      releases.shift()?.();
    }
    await Promise.all(accepted);
    expect(most).toBe(2);
  });
});
