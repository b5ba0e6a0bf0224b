import { useEffect, useRef, useState } from 'react';
import { Link, Outlet, useMatches } from 'react-router-dom';
import { BackOfficeNav } from './back-office-nav.tsx';

/** What a back-office route says about itself: its screen's title. */
export interface ScreenHandle {
  title: string;
}

const titleOf = (handle: unknown): string | null =>
  handle && typeof handle === 'object' && 'title' in handle && typeof handle.title === 'string' ? handle.title : null;

/**
 * The back office's frame, loaded with its first screen (the page editor pays nothing for it): the navigation, the
 * screen's title (the tab's too, and where the keyboard goes when another screen opens) and the screen.
 */
export function BackOffice() {
  const matches = useMatches();
  const title =
    matches
      .map((match) => titleOf(match.handle))
      .filter(Boolean)
      .at(-1) ?? 'Not found';
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  // The tab says the screen where the editor's says "Editor" ("Orders | Harbor & Pine"), and the editor's comes back with it.
  const [editorTitle] = useState(() => document.title);
  useEffect(
    () => () => {
      document.title = editorTitle;
    },
    [editorTitle],
  );
  useEffect(() => {
    const store = editorTitle.split(' | ').slice(1).join(' | ');
    document.title = store ? `${title} | ${store}` : title;
    // A screen opened from the navigation is announced by its title; the first one, from a link or a reload, is not moved to.
    if (first.current) first.current = false;
    else heading.current?.focus();
  }, [title, editorTitle]);
  return (
    <div className="fixed inset-0 flex bg-slate-100 text-slate-900 max-md:flex-col">
      <BackOfficeNav />
      <main aria-labelledby="screen-title" className="flex min-h-0 min-w-0 flex-1 flex-col bg-white">
        <header className="flex h-12 shrink-0 items-center border-b border-slate-200 px-4 sm:px-5">
          <h1 id="screen-title" ref={heading} tabIndex={-1} className="text-base font-semibold focus:outline-none">
            {title}
          </h1>
        </header>
        <div className="relative min-h-0 flex-1">
          <Outlet />
        </div>
      </main>
    </div>
  );
}

/** An address under /editor that is no screen: says so, and where to go. */
export function NoSuchScreen() {
  return (
    <div className="px-5 py-10 text-center">
      <p className="text-sm font-medium text-slate-800">There is no screen at this address.</p>
      <p className="mt-1 text-sm text-slate-500">
        Choose one in the navigation, or go back to{' '}
        <Link to="/editor" className="text-indigo-700 underline hover:text-indigo-900">
          your pages
        </Link>
        .
      </p>
    </div>
  );
}
