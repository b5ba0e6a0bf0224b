/** What a link target turned out to be (§2.10). */
export type LinkTarget =
  { kind: 'external'; href: string } | { kind: 'anchor'; id: string } | { kind: 'internal'; path: string } | { kind: 'invalid' };

/** Half of a UTF-16 pair on its own: no address can carry it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A scheme such as `mailto:` or `javascript:`: only http and https are followed (§5). */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** `decode(value)`, or null when the value has a stray `%` that is not an escape. */
function decoded(value: string, decode: (value: string) => string): string | null {
  // Only a `%` can fail to decode (lone surrogates are refused before); most links hold none, hundreds a page.
  if (!value.includes('%')) return value;
  try {
    return decode(value);
  } catch {
    return null;
  }
}

/**
 * What a link the owner typed leads to (§2.10, §5). Only http and https addresses leave the store; `#id` scrolls; a
 * path stays in the app, and one without a leading `/` (`contact`) is read from the store's root, as owners mean it.
 * Anything else, including a stray `%` that is no escape (`#100%`, `/sale%`), is invalid: it never throws.
 */
export function classifyLink(url: string | null | undefined): LinkTarget {
  const value = (url ?? '').trim();
  // eslint-disable-next-line no-control-regex -- control characters are exactly what an address may not hold
  if (!value || /[\s\u0000-\u001f\u007f]/.test(value) || LONE_SURROGATE.test(value)) return { kind: 'invalid' };
  if (value.startsWith('#')) {
    const id = value.length > 1 ? decoded(value.slice(1), decodeURIComponent) : null;
    return id ? { kind: 'anchor', id } : { kind: 'invalid' };
  }
  if (value.startsWith('//') || value.startsWith('\\')) return { kind: 'invalid' };
  if (SCHEME.test(value)) {
    try {
      const parsed = new URL(value);
      if ((parsed.protocol === 'http:' || parsed.protocol === 'https:') && decoded(value, decodeURI) !== null)
        return { kind: 'external', href: parsed.href };
    } catch {
      // not a well-formed address
    }
    return { kind: 'invalid' };
  }
  const path = value.startsWith('/') ? value : `/${value}`;
  return decoded(path, decodeURI) === null ? { kind: 'invalid' } : { kind: 'internal', path };
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
