import { describe, expect, it } from 'vitest';
import { customScriptList, customScriptText, marketingSources, parseCustomScript, saveMarketingRequest } from './marketing.ts';
import { googleAnalyticsIds } from './marketing-rules.ts';

describe('retired marketing services', () => {
  it('allows nothing for a stored Universal Analytics or AddThis id, and a GA4 id in either Google field', () => {
    expect(marketingSources({ googleAnalyticsID: 'UA-12345678-1', addThisID: 'ra-1234567890abcdef' })).toEqual({
      script: [],
      connect: [],
      frame: [],
    });
    expect(marketingSources({ googleAnalyticsID: 'G-OLDFIELD12' }).script).toEqual(['https://www.googletagmanager.com']);
    expect(googleAnalyticsIds({ gA4ID: ' G-ABCDEF1234 ', googleAnalyticsID: 'UA-1234-1' })).toEqual(['G-ABCDEF1234']);
    expect(googleAnalyticsIds({ gA4ID: 'G-ABCDEF1234', googleAnalyticsID: 'G-ABCDEF1234' })).toEqual(['G-ABCDEF1234']);
  });

  it('a save no longer takes their fields', () => {
    const save = (scripts: Record<string, string>) =>
      saveMarketingRequest.safeParse({ scripts, facebookPixelToken: null, consentBanner: false });
    expect(save({ addThisID: 'ra-1234567890abcdef' }).success).toBe(false);
    expect(save({ googleAnalyticsID: 'UA-12345678-1' }).success).toBe(false);
    expect(save({ gA4ID: 'G-ABCDEF1234' }).success).toBe(true);
  });
});

describe('custom scripts as a list of entries', () => {
  it('names the entry at fault, at its index', () => {
    const checked = customScriptList.safeParse([{ src: 'https://cdn.example.com/a.js' }, { src: 'http://insecure.example/x.js' }, {}]);
    expect(checked.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [[1], 'Script 2: the address must be an https address'],
      [[2], 'Script 3: needs either an address or code'],
    ]);
  });

  it('keeps the stored shape: the list saves as JSON that reads back, none as empty', () => {
    const items = [
      { src: 'https://cdn.example.com/a.js', defer: true },
      { content: 'window.x = 1;', id: 'x' },
    ];
    expect(parseCustomScript(customScriptText(items))).toEqual(items);
    expect(customScriptText([])).toBe('');
  });

  it('the save’s message names the entry too', () => {
    const checked = saveMarketingRequest.safeParse({
      scripts: { customScript: '[{"src":"https://cdn.example.com/a.js"},{"src":"http://x.test/b.js"}]' },
      facebookPixelToken: null,
      consentBanner: false,
    });
    expect(checked.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['scripts.customScript', 'Script 2: the address must be an https address'],
    ]);
    expect(
      saveMarketingRequest.safeParse({
        scripts: { customScript: '{"src":"https://cdn.example.com/a.js"}' },
        facebookPixelToken: null,
        consentBanner: false,
      }).success,
    ).toBe(true);
  });
});
