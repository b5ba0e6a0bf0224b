/** What a link target turned out to be (§2.10). */
export type LinkTarget =
  | { kind: 'external'; href: string }
  | { kind: 'anchor'; id: string }
  | { kind: 'internal'; path: string }
  | { kind: 'invalid' };

/** Only http and https links are followed (§5); a relative path or #anchor stays inside the app. */
export function classifyLink(url: string | null | undefined): LinkTarget {
  const value = (url ?? '').trim();
  if (!value) return { kind: 'invalid' };
  if (value.startsWith('#')) return value.length > 1 ? { kind: 'anchor', id: decodeURIComponent(value.slice(1)) } : { kind: 'invalid' };
  if (value.startsWith('/') && !value.startsWith('//')) return { kind: 'internal', path: value };
  try {
    const parsed = new URL(value);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return { kind: 'external', href: parsed.href };
  } catch {
    // not an absolute address: fall through
  }
  return { kind: 'invalid' };
}

export interface NavigateOptions {
  newTab?: boolean;
  /** The in-app router's navigate function. */
  routerNavigate: (path: string) => void;
}

/**
 * The navigation helper of §2.10: http(s) links open in this tab or a new one; `#id` scrolls smoothly to the element
 * and updates the history; other paths go to the router (or a new tab); an invalid or empty URL warns and does nothing.
 */
export function navigateTo(url: string | null | undefined, { newTab = false, routerNavigate }: NavigateOptions): void {
  const target = classifyLink(url);
  switch (target.kind) {
    case 'invalid':
      console.warn(`Navigation ignored: invalid or empty URL "${url ?? ''}"`);
      return;
    case 'external':
      if (newTab) window.open(target.href, '_blank', 'noopener,noreferrer');
      else window.location.assign(target.href);
      return;
    case 'anchor':
      document.getElementById(target.id)?.scrollIntoView({ behavior: 'smooth' });
      window.history.pushState(window.history.state, '', `#${encodeURIComponent(target.id)}`);
      return;
    case 'internal':
      if (newTab) window.open(target.path, '_blank', 'noopener,noreferrer');
      else routerNavigate(target.path);
  }
}
