import { use, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { UNSAFE_NavigationContext } from 'react-router-dom';
import { classifyLink, navigateTo } from './navigation.ts';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string | null | undefined;
  newTab?: boolean;
}

/**
 * An anchor that follows the navigation helper of §2.10; it stays a real link for crawlers and middle clicks.
 * Outside a router (a section drawn on its own) internal paths load as ordinary pages.
 */
export function Link({ to, newTab = false, onClick, children, ...rest }: LinkProps) {
  const navigator = use(UNSAFE_NavigationContext)?.navigator;
  const routerNavigate = (path: string) => (navigator ? navigator.push(path) : window.location.assign(path));
  const target = classifyLink(to);
  const href = target.kind === 'invalid' ? undefined : target.kind === 'anchor' ? `#${target.id}` : target.kind === 'external' ? target.href : target.path;

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigateTo(to, { newTab, routerNavigate });
  }

  return (
    <a href={href} onClick={handleClick} {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...rest}>
      {children}
    </a>
  );
}
