// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { ProductDetail } from '@vitrine/commerce';
import { ImageProvider, type ImageSettings } from '@vitrine/renderer';
import { Gallery, type ZoomStyle } from './gallery.tsx';

// The full-screen gallery is PhotoSwipe, fetched on opening: here a stand-in that records how it was opened.
const opened = vi.hoisted(() => [] as { dataSource: unknown; index: number }[]);
vi.mock('photoswipe', () => ({
  default: class {
    constructor(private readonly options: { dataSource: unknown; index: number }) {}
    init() {
      opened.push(this.options);
    }
  },
}));
vi.mock('photoswipe/style.css', () => ({}));

afterEach(cleanup);
beforeEach(() => {
  opened.length = 0;
});

/** A phone (coarse pointer) or a computer with a mouse. */
function pointer(coarse: boolean) {
  window.matchMedia = (media: string) =>
    ({
      matches: coarse && media === '(pointer: coarse)',
      media,
      addEventListener() {},
      removeEventListener() {},
    }) as unknown as MediaQueryList;
}

const images: ImageSettings = {
  resolve: (src) => src,
  buildUrl: (src, width) => `${src}?w=${width}`,
  widths: [640, 1280],
  densities: [1],
  placeholder: '',
};
const product = {
  itemName: 'Stoneware Mug',
  images: [
    { file: '/media/1/mug-1.webp', width: 1600, height: 1200, alt: 'The mug' },
    { file: '/media/1/mug-2.webp', width: 1200, height: 1200, alt: '' },
  ],
} as unknown as ProductDetail;

const renderGallery = (zoom: ZoomStyle) =>
  render(
    <ImageProvider value={images}>
      <Gallery product={product} zoom={zoom} activeFile={null} />
    </ImageProvider>,
  );

it.each(['zoom', 'inner_zoom_circle', 'no_zoom'] as const)(
  'opens every picture full screen at the one shown when a finger taps it (%s) (issue 33)',
  async (zoom) => {
    pointer(true);
    renderGallery(zoom);
    fireEvent.click(screen.getByRole('button', { name: 'Picture 2 of 2' }));
    fireEvent.click(screen.getByRole('img', { name: 'Stoneware Mug' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]!.index).toBe(1);
    expect(opened[0]!.dataSource).toEqual([
      {
        src: '/media/1/mug-1.webp?w=1280',
        srcset: '/media/1/mug-1.webp?w=640 640w, /media/1/mug-1.webp?w=1280 1280w',
        width: 1600,
        height: 1200,
        alt: 'The mug',
      },
      {
        src: '/media/1/mug-2.webp?w=1280',
        srcset: '/media/1/mug-2.webp?w=640 640w, /media/1/mug-2.webp?w=1280 1280w',
        width: 1200,
        height: 1200,
        alt: 'Stoneware Mug',
      },
    ]);
  },
);

it('keeps the theme’s click-to-zoom and magnifier for a mouse, and opens full screen from its button (issue 33)', async () => {
  pointer(false);
  renderGallery('zoom');
  const zoom = screen.getByRole('button', { name: 'Zoom in on Stoneware Mug' });
  fireEvent.click(zoom);
  expect(zoom.getAttribute('aria-pressed')).toBe('true');
  cleanup();
  renderGallery('inner_zoom_circle');
  const lens = screen.getByRole('button', { name: 'Magnify Stoneware Mug' });
  fireEvent.click(lens);
  expect(lens.getAttribute('aria-pressed')).toBe('true');
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(opened).toHaveLength(0);
  fireEvent.click(screen.getByRole('button', { name: 'View the pictures full screen' }));
  await waitFor(() => expect(opened).toHaveLength(1));
  expect(opened[0]!.index).toBe(0);
});
