import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, mediaListAnswer, uploadMediaAnswer } from '@vitrine/commerce';
import { backends, startOnBackend, signInOwner, studioCaller, type TestServer, type BackendServer } from './test-support.ts';

describe.each(backends)('studio media on $name', ({ create }) => {
  let server: TestServer;
  let started: BackendServer;
  let store1: number;
  let studio: ReturnType<typeof studioCaller>;

  const upload = (fileName: string, base64: string) => studio('/api/Studio/UploadMedia', { body: { fileName, base64 } });
  const uploadsDir = () => join(server.dataDir, 'media', String(store1), 'uploads');
  const storedFiles = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()).sort() : []);
  const mediaRows = () => server.db.selectFrom('media').selectAll().where('web_id', '=', store1).orderBy('media_id').execute();
  /** A real photo-like picture: a gradient with noise, so that it does not compress to nothing. */
  const picture = (width: number, height: number) => {
    const pixels = Buffer.alloc(width * height * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7 + Math.floor(i / (width * 3)) * 3 + ((i * 2654435761) % 17)) % 256;
    return sharp(pixels, { raw: { width, height, channels: 3 } });
  };

  beforeAll(async () => {
    started = await startOnBackend(create);
    ({ server, harborId: store1 } = started);
    studio = studioCaller(server, await signInOwner(server, 'owner@harbor.test', 'harbor-owner-demo'));
  });
  afterAll(() => started?.stop());

  it('stores an uploaded PNG as WebP, at most 2560 px wide, at an address made from its content, served at once', async () => {
    const png = await picture(3000, 1200).png().toBuffer();
    const response = await upload('Shop front.png', png.toString('base64'));
    expect(response.status).toBe(200);
    const { data } = uploadMediaAnswer.parse(await response.json());
    expect(data.path).toMatch(new RegExp(`^/media/${store1}/uploads/[0-9a-f]{32}\\.webp$`));
    expect([data.width, data.height]).toEqual([2560, 1024]);

    const file = join(server.dataDir, data.path);
    const stored = readFileSync(file);
    expect(stored.length).toBe(data.bytes);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'webp', width: 2560, height: 1024 });

    const served = await server.call(data.path);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await served.arrayBuffer()).equals(stored)).toBe(true);
    const resized = await server.call(`/_img/f_webp,w_320${data.path}`);
    expect(resized.status).toBe(200);
    expect(resized.headers.get('cache-control')).toContain('immutable');
    expect((await sharp(Buffer.from(await resized.arrayBuffer())).metadata()).width).toBe(320);

    // The same picture again is the same file and the same library entry, now under its latest name.
    const again = uploadMediaAnswer.parse(
      await (await upload('shop-front-copy.png', `data:image/png;base64,${png.toString('base64')}`)).json(),
    ).data;
    expect(again).toEqual(data);
    expect(storedFiles()).toEqual([data.path.split('/').at(-1)]);
    expect((await mediaRows()).map((row) => [row.path, row.name, row.mime])).toEqual([[data.path, 'shop-front-copy.png', 'image/webp']]);
  });

  it('turns a JPEG upright and leaves its metadata behind; takes WebP, AVIF and GIF too', async () => {
    // Stored sideways with an EXIF orientation of 6 (turn 90° clockwise) and a camera owner's name.
    const jpeg = await picture(300, 200)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Artist: 'Hana Lindqvist', Copyright: 'Private' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const { data } = uploadMediaAnswer.parse(await (await upload('camera.jpg', jpeg.toString('base64'))).json());
    expect([data.width, data.height]).toEqual([200, 300]);
    const stored = readFileSync(join(server.dataDir, data.path));
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(stored.includes('Hana Lindqvist')).toBe(false);

    for (const [name, image] of [
      ['small.webp', await picture(40, 30).webp().toBuffer()],
      ['small.avif', await picture(40, 30).avif().toBuffer()],
      ['small.gif', await picture(40, 30).gif().toBuffer()],
    ] as const) {
      const response = await upload(name, image.toString('base64'));
      expect(response.status, name).toBe(200);
      expect(uploadMediaAnswer.parse(await response.json()).data, name).toMatchObject({ width: 40, height: 30 });
    }
  });

  it('refuses what is not an image of those formats, or too big, naming the file, and stores nothing', async () => {
    const files = storedFiles();
    const rows = await mediaRows();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const tiff = await picture(20, 20).tiff().toBuffer();
    const png = await picture(20, 20).png().toBuffer();
    for (const [name, base64, status, code, field] of [
      ['notes.txt', Buffer.from('Remember to order more mugs.\n').toString('base64'), 400, 'NOT_AN_IMAGE', 'file'],
      ['fake.png', Buffer.from('Remember to order more mugs.\n').toString('base64'), 400, 'NOT_AN_IMAGE', 'file'],
      ['drawing.svg', svg.toString('base64'), 400, 'NOT_AN_IMAGE', 'file'],
      ['scan.tiff', tiff.toString('base64'), 400, 'NOT_AN_IMAGE', 'file'],
      ['cut.png', png.subarray(0, 60).toString('base64'), 400, 'NOT_AN_IMAGE', 'file'],
      ['huge.png', Buffer.alloc(MAX_UPLOAD_BYTES + 1, 1).toString('base64'), 413, 'FILE_TOO_LARGE', 'file'],
      ['picture.png', 'this is not base64!', 400, 'BAD_REQUEST', 'base64'],
      ['', png.toString('base64'), 400, 'BAD_REQUEST', 'fileName'],
    ] as const) {
      const response = await upload(name, base64);
      expect(response.status, name).toBe(status);
      expect(((await response.json()) as { error: unknown }).error, name).toMatchObject({ code, field });
    }
    expect(storedFiles()).toEqual(files);
    expect(await mediaRows()).toEqual(rows);
  });

  it("lists the store's media newest first", async () => {
    const first = uploadMediaAnswer.parse(
      await (await upload('first.png', (await picture(64, 48).png().toBuffer()).toString('base64'))).json(),
    ).data;
    const second = uploadMediaAnswer.parse(
      await (await upload('second.png', (await picture(48, 64).png().toBuffer()).toString('base64'))).json(),
    ).data;
    const response = await studio('/api/Studio/GetMedia');
    expect(response.status).toBe(200);
    const { media } = mediaListAnswer.parse(await response.json()).data;
    expect(media.slice(0, 2)).toMatchObject([
      { path: second.path, name: 'second.png', width: 48, height: 64, bytes: second.bytes, mime: 'image/webp' },
      { path: first.path, name: 'first.png', width: 64, height: 48 },
    ]);
    expect(media.map((m) => m.path)).toEqual(
      (await mediaRows()).sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.media_id - a.media_id).map((row) => row.path),
    );
    expect(media.every((m) => m.path.startsWith(`/media/${store1}/uploads/`))).toBe(true);
  });
});
