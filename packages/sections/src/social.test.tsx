import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { PageRenderer } from '@vitrine/renderer';
import { renderRegistry, sectionRegistry } from './index.ts';
import { networkOfUrl } from './social.tsx';

const render = (section: ReturnType<(typeof sectionRegistry)[19]['create']>) =>
  renderToString(<PageRenderer registry={renderRegistry} sections={[section]} />);

it('shows each profile as an icon named by its network', () => {
  const section = {
    ...sectionRegistry[19].create('s'),
    blocks: [
      { id: 'a', settings: { network: 7, url: 'https://www.instagram.com/northclay' } },
      { id: 'b', settings: { network: 10, url: 'https://wa.me/351210000000' } },
    ],
  };
  const html = render(section);
  expect(html).toContain('href="https://www.instagram.com/northclay" class="vt-social-link" aria-label="Instagram"');
  expect(html).toContain('aria-label="WhatsApp"');
  expect(html.match(/<svg/g)).toHaveLength(2);
});

it('refuses profile links that are not http or https (§5)', () => {
  const section = {
    ...sectionRegistry[19].create('s'),
    blocks: [
      { id: 'a', settings: { network: 1, url: 'javascript:alert(1)' } },
      { id: 'b', settings: { network: 2, url: 'ftp://example.com/x' } },
      { id: 'c', settings: { network: 3, url: '/relative' } },
      { id: 'e', settings: { network: 4, url: 'https://www.linkedin.com/company/north-clay' } },
    ],
  };
  expect(sectionRegistry[19].readBlock({ network: 1, url: 'javascript:alert(1)' })).toEqual({ network: 1, url: '' });
  const html = render(section);
  expect(html).not.toMatch(/javascript|ftp:|relative/);
  expect(html.match(/data-block-id="/g)).toEqual(['data-block-id="']);
  expect(html).toContain('aria-label="LinkedIn"');
});

it('refuses non-http(s) profile links in the footer too', () => {
  const footer = sectionRegistry[2];
  expect(footer.readSettings({ facebook_url: 'javascript:alert(1)', x_url: 'https://x.com/northclay' })).toMatchObject({
    facebook_url: '',
    x_url: 'https://x.com/northclay',
  });
  const section = { ...footer.create('f'), settings: { facebook_url: 'javascript:alert(1)', x_url: 'https://x.com/northclay' } };
  const html = renderToString(<PageRenderer registry={renderRegistry} sections={[section]} />);
  expect(html).not.toContain('javascript');
  expect(html).toContain('aria-label="X"');
  expect(html).not.toContain('aria-label="Facebook"');
});

it('knows a network by the address’s host', () => {
  expect(networkOfUrl('https://www.youtube.com/@northclay')).toBe(9);
  expect(networkOfUrl('https://youtu.be/x')).toBe(9);
  expect(networkOfUrl('https://uk.pinterest.com/northclay')).toBe(5);
  expect(networkOfUrl('https://notfacebook.com/')).toBeNull();
  expect(networkOfUrl('javascript:alert(1)')).toBeNull();
});
