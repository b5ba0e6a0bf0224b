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
