// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { classifyLink, navigateTo } from './navigation.ts';
import { serializeForScript } from './server.ts';

describe('classifyLink', () => {
  it('tells external, anchor, internal and invalid links apart', () => {
    expect(classifyLink('https://example.com/a')).toEqual({ kind: 'external', href: 'https://example.com/a' });
    expect(classifyLink('#faq')).toEqual({ kind: 'anchor', id: 'faq' });
    expect(classifyLink('/cart')).toEqual({ kind: 'internal', path: '/cart' });
    for (const bad of ['', '  ', '#', 'javascript:alert(1)', 'ftp://x', '//evil.example', null, undefined]) {
      expect(classifyLink(bad)).toEqual({ kind: 'invalid' });
    }
  });

  it("a stray % in an owner's link (#100%, /sale%) is an invalid link, not a crash", () => {
    for (const bad of ['#100%', '/sale%', 'https://example.com/%zz', '/a%E0%A4%A', 'sale%'])
      expect(classifyLink(bad), bad).toEqual({ kind: 'invalid' });
    expect(classifyLink('#caf%C3%A9')).toEqual({ kind: 'anchor', id: 'café' });
    expect(classifyLink('/sale%20now')).toEqual({ kind: 'internal', path: '/sale%20now' });
  });

  it('a relative link without a leading / (contact) goes to that page of the store, not a dead anchor', () => {
    expect(classifyLink('contact')).toEqual({ kind: 'internal', path: '/contact' });
    expect(classifyLink('pages/about?x=1')).toEqual({ kind: 'internal', path: '/pages/about?x=1' });
    expect(classifyLink('mailto:a@b.example')).toEqual({ kind: 'invalid' });
  });

  it('never throws, whatever the owner typed (property test over random strings)', () => {
    // A small seeded generator: the same strings every run, weighted towards the characters links are made of.
    let seed = 20261124;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const alphabet = [
      '%',
      '#',
      '/',
      ':',
      '?',
      '&',
      '=',
      '.',
      '-',
      'a',
      'Z',
      '0',
      '9',
      'E',
      'é',
      '\u{1F600}',
      ' ',
      '\\',
      '\u0000',
      '\ud800',
      'http',
      'https://',
      '//',
      '%2',
      '%C3',
      '%A9',
    ];
    for (let run = 0; run < 5000; run++) {
      const length = Math.floor(random() * 12);
      const text = Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      const target = classifyLink(text);
      if (target.kind === 'internal') {
        expect(target.path.startsWith('/') && !target.path.startsWith('//'), text).toBe(true);
        expect(() => decodeURI(target.path), text).not.toThrow();
      }
      if (target.kind === 'external') expect(target.href, text).toMatch(/^https?:\/\//);
      // Following a link that leaves the page is jsdom's to refuse; the helper itself must not throw on the way.
      if (target.kind === 'external') continue;
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      expect(() => navigateTo(text, { routerNavigate: () => {} }), text).not.toThrow();
      warn.mockRestore();
    }
  });

  it('warns and does nothing for an invalid URL', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const routerNavigate = vi.fn();
    navigateTo('javascript:alert(1)', { routerNavigate });
    expect(routerNavigate).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('hands internal paths to the router', () => {
    const routerNavigate = vi.fn();
    navigateTo('/signin', { routerNavigate });
    expect(routerNavigate).toHaveBeenCalledWith('/signin');
  });
});

it('serialises data so that it cannot close a script element', () => {
  const text = serializeForScript({ a: '</script><script>alert(1)</script>' });
  expect(text).not.toContain('</script');
  expect(JSON.parse(text)).toEqual({ a: '</script><script>alert(1)</script>' });
});
