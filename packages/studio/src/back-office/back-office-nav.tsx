import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useEditor } from '../context.tsx';
import { EDITOR_SCREEN, useMediaQuery } from '../ui/media-query.ts';

/** The back office's screens, in the navigation's order: only screens that work are listed. */
export const backOfficeScreens = [
  { to: '/editor', label: 'Pages & design', end: true },
  { to: '/editor/products', label: 'Products', end: false },
  { to: '/editor/categories', label: 'Categories', end: false },
  { to: '/editor/brands', label: 'Brands', end: false },
  { to: '/editor/attributes', label: 'Attributes', end: false },
  { to: '/editor/inventory', label: 'Inventory', end: false },
  { to: '/editor/orders', label: 'Orders', end: false },
  { to: '/editor/analytics', label: 'Analytics', end: false },
  { to: '/editor/redirects', label: 'Redirects', end: false },
] as const;

/**
 * The back office's one navigation: a column of links on the left, the current screen marked (`aria-current="page"`),
 * ↑ ↓ Home End moving between them; on a phone a Menu button above the screen opens the same links, and Escape or a
 * choice closes them.
 */
export function BackOfficeNav() {
  const wide = useMediaQuery(EDITOR_SCREEN);
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const listId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLElement>(null);
  // A press anywhere else closes the phone's menu, as the top bar's More tools does.
  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);
  const site = useEditor((s) => s.session?.sites.find((x) => x.domain === window.location.hostname)?.title ?? window.location.hostname);
  // A screen chosen closes the phone's menu.
  const [shownAt, setShownAt] = useState(pathname);
  if (shownAt !== pathname) {
    setShownAt(pathname);
    setOpen(false);
  }

  const moveFocus = (event: KeyboardEvent<HTMLUListElement>) => {
    const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('a')];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (at < 0) return;
    const to = { ArrowDown: (at + 1) % links.length, ArrowUp: (at + links.length - 1) % links.length, Home: 0, End: links.length - 1 }[
      event.key
    ];
    if (to === undefined) return;
    event.preventDefault();
    links[to]?.focus();
  };

  return (
    <nav
      ref={box}
      aria-label="Back office"
      className="relative shrink-0 border-slate-200 bg-slate-50 max-md:border-b md:w-56 md:border-r"
      onKeyDown={(event) => {
        // Escape closes the phone's menu, from its button or its links, and gives the keyboard to Menu.
        if (event.key !== 'Escape' || wide || !open) return;
        event.preventDefault();
        setOpen(false);
        menuButton.current?.focus();
      }}
    >
      <div className="flex h-12 items-center gap-2 px-3">
        <span className="shrink-0 rounded bg-indigo-600 px-1.5 py-0.5 text-xs font-bold text-white" aria-hidden="true">
          V
        </span>
        <span className="min-w-0 flex-1 truncate text-sm font-semibold" title={site}>
          {site}
        </span>
        {wide ? null : (
          <button
            ref={menuButton}
            type="button"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen(!open)}
            className="h-8 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
          >
            Menu
          </button>
        )}
      </div>
      <ul
        id={listId}
        hidden={!wide && !open}
        onKeyDown={moveFocus}
        className="space-y-0.5 p-2 max-md:absolute max-md:inset-x-0 max-md:top-12 max-md:z-30 max-md:border-b max-md:border-slate-200 max-md:bg-white max-md:shadow-lg"
      >
        {backOfficeScreens.map((screen) => (
          <li key={screen.to}>
            <NavLink
              to={screen.to}
              end={screen.end}
              className="block rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-200/70 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-500 aria-[current=page]:bg-indigo-600 aria-[current=page]:text-white"
            >
              {screen.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
