/** About what a search engine shows of a title and a description before it cuts them with "…". */
const TITLE_CHARACTERS = 60;
const DESCRIPTION_CHARACTERS = 160;

/** Text cut at a word before `most` characters, with "…", as a search result cuts it. */
export function cutLikeSearch(text: string, most: number): string {
  if (text.length <= most) return text;
  const cut = text.slice(0, most - 1);
  // Cut where a word ends: at the last space, unless the cut falls just before one.
  const space = /\s/.test(text[most - 1]!) ? cut.length : cut.lastIndexOf(' ');
  return `${(space > most / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** How a search result shows the product: the address as a trail, the title, the description, each cut as it would be. */
export function SearchPreview({ address, title, description }: { address: string; title: string; description: string }) {
  const url = new URL(address);
  const trail = [url.host, ...url.pathname.split('/').filter(Boolean)].join(' › ');
  return (
    <figure aria-label="Search result preview" className="min-w-0 rounded-md border border-slate-200 px-3 py-2.5">
      <p className="truncate text-xs text-emerald-800">{trail}</p>
      <p className="text-base text-indigo-800">{cutLikeSearch(title || 'Product name', TITLE_CHARACTERS)}</p>
      <p className="text-sm text-slate-600">
        {description ? cutLikeSearch(description, DESCRIPTION_CHARACTERS) : 'The search engine picks text from the page.'}
      </p>
    </figure>
  );
}
