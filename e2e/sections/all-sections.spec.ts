import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
// Playwright resolves imports without the `vitrine` export condition, so the shared fixture is imported by path; it
// has only type imports, so nothing else of the workspace loads in the test runner.
import { allSectionsPage } from '../../packages/sections/src/all-sections.fixture.ts';
import { expect, test, type RunningStore } from '../fixtures/server.ts';

/** The phone, tablet and desktop widths every section must fit (§9). */
const widths = [320, 768, 1280] as const;

/** What went wrong on one page, in words a failure message can show whole. */
interface PageProblems {
  errors: string[];
  overflow: string[];
  unsizedImages: string[];
  /** Images that did not load: after scrolling, every lazy image has been asked for. */
  brokenImages: string[];
  axe: string[];
}

/**
 * Opens `url` at `width`, scrolls to the bottom and back so every lazy image loads, and collects: console errors and
 * uncaught page errors and failed requests, horizontal overflow, images without width and height or that did not load,
 * and serious or critical axe-core findings.
 */
async function inspect(page: Page, url: string, width: number): Promise<PageProblems> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`HTTP ${response.status()} ${new URL(response.url()).pathname}`);
  });

  await page.setViewportSize({ width, height: 900 });
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(200);
  await page.waitForLoadState('networkidle');
  await scrollThrough(page);
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));

  const overflow = await page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth) {
      found.push(`document is ${document.documentElement.scrollWidth}px wide in a ${window.innerWidth}px window`);
    }
    // An element inside a box that scrolls sideways on purpose (a wide table's wrapper) cannot push the page wider.
    // One inside a box that merely clips still counts: the shopper would see it cut off.
    const contained = (element: Element): boolean => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (/auto|scroll/.test(getComputedStyle(parent).overflowX)) return true;
      }
      return false;
    };
    const describe = (element: Element) => {
      const section = element.closest('[data-section-id]')?.getAttribute('data-section-id');
      const classes = element.getAttribute('class')?.trim().split(/\s+/).join('.') ?? '';
      return `${section ? `[${section}] ` : ''}${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}`;
    };
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= viewport + 0.5) continue;
      if (contained(element)) continue;
      found.push(`${describe(element)} ends at ${Math.round(box.right)}px in a ${viewport}px viewport`);
    }
    return found;
  });

  const unsizedImages = await page.evaluate(() =>
    [...document.images]
      .filter((img) => !img.hasAttribute('width') || !img.hasAttribute('height'))
      .map((img) => img.outerHTML.slice(0, 200)),
  );

  const brokenImages = await page.evaluate(() =>
    [...document.images].filter((img) => img.naturalWidth === 0).map((img) => img.currentSrc || img.src),
  );

  const results = await new AxeBuilder({ page }).analyze();
  const axe = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.impact} ${violation.id} (${violation.help}): ${node.target.join(' ')} — ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`,
      ),
    );

  return { errors, overflow, unsizedImages, brokenImages, axe };
}

/** Scrolls down a screen at a time, letting lazy images start, then back to the top. */
async function scrollThrough(page: Page) {
  for (let step = 0; step < 200; step++) {
    const atBottom = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    });
    await page.waitForTimeout(50);
    if (atBottom) break;
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** One comparison, so a failure lists every kind of problem at once. */
function expectNoProblems(problems: PageProblems) {
  expect(problems).toEqual({ errors: [], overflow: [], unsizedImages: [], brokenImages: [], axe: [] });
}

const sectionsUrl = (store: RunningStore) => store.url('localhost', '/sections');

test.describe('the section gallery (/sections: one section of each of the 22 types)', () => {
  for (const width of widths) {
    test(`fits ${width}px, loads every image with its size, and passes axe`, async ({ page, store }) => {
      const problems = await inspect(page, sectionsUrl(store), width);
      const present = await page
        .locator('[data-section-id]')
        .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-section-id')));
      const expected = allSectionsPage.sections.map((section) => section.id);
      expect(expected).toHaveLength(22);
      expect(new Set(allSectionsPage.sections.map((section) => section.type)).size).toBe(22);
      expect(
        expected.filter((id) => !present.includes(id)),
        'sections of the fixture missing from the page',
      ).toEqual([]);
      expectNoProblems(problems);
    });
  }
});

test.describe('the demo home pages at 1280px', () => {
  for (const host of ['localhost', 'second.localhost']) {
    test(`${host}/ fits, sizes its images and passes axe`, async ({ page, store }) => {
      const problems = await inspect(page, store.url(host, '/'), 1280);
      expect(await page.locator('[data-section-id]').count()).toBeGreaterThanOrEqual(6);
      expectNoProblems(problems);
    });
  }
});
