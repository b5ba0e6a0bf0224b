import { expect, it } from 'vitest';
import { imageUrl, mediaUrl } from './media.ts';

it('builds image route addresses with webp by default', () => {
  expect(imageUrl('/media/1/a.webp', { w: 640 })).toBe('/_img/f_webp,w_640/media/1/a.webp');
  expect(imageUrl('/media/1/a.webp', { f: 'png', w: 10, h: 20, q: 50, fit: 'contain', b: 'fff' })).toBe(
    '/_img/f_png,w_10,h_20,q_50,fit_contain,b_fff/media/1/a.webp',
  );
});

it('replaces a scheme prefix with the staticCDN base and keeps every other address', () => {
  expect(mediaUrl('media://products/mug.webp', '/media/1/')).toBe('/media/1/products/mug.webp');
  expect(mediaUrl('cdn://x/y.png', 'https://cdn.example.com')).toBe('https://cdn.example.com/x/y.png');
  expect(mediaUrl('https://example.com/a.png', '/media/1')).toBe('https://example.com/a.png');
  expect(mediaUrl('/media/1/a.png', '/cdn')).toBe('/media/1/a.png');
});
