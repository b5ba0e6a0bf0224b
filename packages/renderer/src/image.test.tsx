// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { Image, ImageProvider, type ImageSettings } from './image.tsx';

afterEach(cleanup);

const settings: ImageSettings = {
  resolve: (src) => src.replace('media://', '/media/1/'),
  buildUrl: (src, width, density) => (src.startsWith('/media/') ? `/_img/w_${width * density}${src}` : null),
  widths: [320, 640],
  densities: [1, 2],
  placeholder: '/placeholder.png',
  widePlaceholder: '/wide-placeholder.png',
};

it('gives the intrinsic size and a srcset over widths × densities', () => {
  const html = renderToString(
    <ImageProvider value={settings}>
      <Image src="media://a.webp" alt="A mug" width={800} height={600} />
    </ImageProvider>,
  );
  expect(html).toContain('width="800"');
  expect(html).toContain('height="600"');
  expect(html).toContain('src="/_img/w_800/media/1/a.webp"');
  expect(html).toContain('srcSet="/_img/w_320/media/1/a.webp 320w, /_img/w_640/media/1/a.webp 640w, /_img/w_1280/media/1/a.webp 1280w"');
  expect(html).toContain('loading="lazy"');
});

it('loads a priority image at once', () => {
  const html = renderToString(<Image src="/x.png" alt="" width={10} height={10} priority />);
  expect(html).toContain('loading="eager"');
  expect(html).toContain('fetchPriority="high"');
});

it('shows the placeholder when the image fails or has no source', () => {
  render(
    <ImageProvider value={settings}>
      <Image src="/media/1/broken.webp" alt="Broken" width={400} height={300} />
      <Image src="" alt="Empty" width={400} height={300} />
    </ImageProvider>,
  );
  const broken = screen.getByAltText('Broken');
  fireEvent.error(broken);
  expect(broken.getAttribute('src')).toBe('/placeholder.png');
  expect(broken.getAttribute('srcset')).toBeNull();
  expect(screen.getByAltText('Empty').getAttribute('src')).toBe('/placeholder.png');
});

it('shows the wide placeholder (§9: 4000×300) for a picture drawn across the page, the 400×300 one elsewhere', () => {
  render(
    <ImageProvider value={settings}>
      <Image src="/media/1/gone.webp" alt="Hero" width={1600} height={700} wide />
      <Image src="" alt="Strip" width={1600} height={120} wide />
      <Image src="" alt="Card" width={400} height={300} />
    </ImageProvider>,
  );
  const hero = screen.getByAltText('Hero');
  fireEvent.error(hero);
  expect(hero.getAttribute('src')).toBe('/wide-placeholder.png');
  expect(screen.getByAltText('Strip').getAttribute('src')).toBe('/wide-placeholder.png');
  expect(screen.getByAltText('Card').getAttribute('src')).toBe('/placeholder.png');
  // Settings without a wide one fall back to the card.
  cleanup();
  render(
    <ImageProvider value={{ ...settings, widePlaceholder: undefined }}>
      <Image src="" alt="Strip" width={1600} height={120} wide />
    </ImageProvider>,
  );
  expect(screen.getByAltText('Strip').getAttribute('src')).toBe('/placeholder.png');
});
