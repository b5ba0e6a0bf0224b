// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { ImageProvider, PageRenderer, type ImageSettings } from '@vitrine/renderer';
import { renderRegistry, sectionRegistry } from '../index.ts';

afterEach(cleanup);

const images: ImageSettings = {
  resolve: (src) => src,
  buildUrl: () => null,
  widths: [],
  densities: [1],
  placeholder: '/_img/f_webp,w_400,h_300/placeholder',
  widePlaceholder: '/_img/f_webp,w_4000,h_300/placeholder',
};

it('a hero whose picture does not load shows the wide placeholder across the page (§9: 4000×300), not the 400×300 card', () => {
  const created = sectionRegistry[6].create('hero');
  const hero = { ...created, settings: { ...created.settings, image: '/media/1/gone.webp', image_alt: 'Autumn' } };
  render(
    <ImageProvider value={images}>
      <PageRenderer registry={renderRegistry} sections={[hero]} data={{}} />
    </ImageProvider>,
  );
  const picture = screen.getByAltText('Autumn');
  expect(picture.getAttribute('src')).toBe('/media/1/gone.webp');
  fireEvent.error(picture);
  expect(picture.getAttribute('src')).toBe('/_img/f_webp,w_4000,h_300/placeholder');
});
