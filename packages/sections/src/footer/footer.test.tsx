import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { PageRenderer } from '@vitrine/renderer';
import { allSectionsPage } from '../all-sections.fixture.ts';
import { renderRegistry, ShopProvider } from '../index.ts';

// Section type 2 is the footer (§3.15).
const footer = allSectionsPage.sections.filter((section) => section.type === 2);
const draw = (asksConsent: boolean) =>
  renderToString(
    <ShopProvider value={{ storeTitle: 'North Clay', asksConsent }}>
      <PageRenderer registry={renderRegistry} sections={footer} data={{}} mode="live" />
    </ShopProvider>,
  );

it('offers "Cookie settings" in the footer of a store that asks consent, for the marketing runtime to answer (issue 33)', () => {
  expect(footer).toHaveLength(1);
  const html = draw(true);
  expect(html).toMatch(/<button type="button" class="vt-footer-cookies" data-vt-consent-settings="">Cookie settings<\/button>/);
  // Inside the page's footer landmark.
  expect(html.indexOf('Cookie settings')).toBeLessThan(html.lastIndexOf('</footer>'));
  expect(draw(false)).not.toContain('Cookie settings');
});
