import { createContext, use, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { classifyLink, navigateTo } from './navigation.ts';

/** How internal links move within the app: its router's navigate, given by `NavigationProvider`. */
const NavigationContext = createContext<((path: string) => void) | null>(null);

/** Gives every `Link` below the app's own navigation (its router's `navigate`), so internal links need no reload. */
export function NavigationProvider({ navigate, children }: { navigate: (path: string) => void; children: ReactNode }) {
  return <NavigationContext value={navigate}>{children}</NavigationContext>;
}

/** Moves to an internal path as a link would: through the app's router, or by loading the page outside one. */
export function useNavigator(): (path: string) => void {
  const navigate = use(NavigationContext);
  return (path) => (navigate ? navigate(path) : window.location.assign(path));
}

/** A link's target and how it opens. */
export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string | null | undefined;
  newTab?: boolean;
}

/**
 * An anchor that follows the navigation helper of §2.10; it stays a real link for crawlers and middle clicks.
 * Outside a `NavigationProvider` (a section drawn on its own) internal paths load as ordinary pages.
 */
export function Link({ to, newTab = false, onClick, children, ...rest }: LinkProps) {
  const navigate = use(NavigationContext);
  const target = classifyLink(to);
  const href =
    target.kind === 'invalid'
      ? undefined
      : target.kind === 'anchor'
        ? `#${target.id}`
        : target.kind === 'external'
          ? target.href
          : target.path;

  // One unnamed closure: a page draws hundreds of links, and the server's TypeScript loader (tsx, which keeps
  // functions' names) gives each named one its name on every render, a twentieth of a rendered page's time.
  return (
    <a
      href={href}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigateTo(to, { newTab, routerNavigate: navigate ?? ((path) => window.location.assign(path)) });
      }}
      {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      {...rest}
    >
      {children}
    </a>
  );
}
