import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Suggestions } from '@vitrine/commerce';
import { Image, useNavigator } from '@vitrine/renderer';
import { usePrice, useShop, useShopReader } from '../shop-context.tsx';

/** How long typing must pause before suggestions are asked for. */
export const SUGGEST_DELAY_MS = 150;

/**
 * The header's search field (a combobox): as the shopper types it suggests products and categories (§2.3, the
 * store's own search with typos forgiven, each product with its price); arrows move through them, Enter follows one,
 * Escape closes them. The form around it still searches on Enter when nothing is picked, and the suggestions close.
 * `initial` is what the shown results were searched for: the box keeps it on the results page.
 */
export function SearchBox({
  id,
  placeholder,
  initial = '',
  onFollow,
}: {
  id: string;
  placeholder: string;
  initial?: string;
  /** Called when a suggestion is followed (the header closes its menu). */
  onFollow?: () => void;
}) {
  // Read when asked: the function changes with every change of the shop, which must not restart the typing's pause.
  const canSuggest = useShop((shop) => shop.suggest !== undefined);
  const readShop = useShopReader();
  const price = usePrice();
  const navigate = useNavigator();
  const listId = useId();
  const [text, setText] = useState(initial);
  // A new results page (another search, or none) puts its words in the box.
  const [shownFor, setShownFor] = useState(initial);
  if (shownFor !== initial) {
    setShownFor(initial);
    setText(initial);
  }
  const [found, setFound] = useState<Suggestions | null>(null);
  const [active, setActive] = useState(-1);
  const asked = useRef(0);

  // Only what the shopper types is asked about, not the words a results page put in the box.
  const typed = useRef(false);
  useEffect(() => {
    const kw = text.trim();
    if (!canSuggest || kw.length < 2 || !typed.current) return;
    const ask = ++asked.current;
    const timer = setTimeout(() => {
      const { suggest } = readShop();
      if (!suggest) return;
      suggest(kw)
        .then((answer) => ask === asked.current && (setFound(answer), setActive(-1)))
        // Suggestions are a help, never in the way: a failure shows none.
        .catch(() => ask === asked.current && setFound(null));
    }, SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, canSuggest, readShop]);

  const items =
    found && text.trim().length >= 2
      ? [
          ...found.products.map((p) => ({ ...p, kind: 'product' as const })),
          ...found.categories.map((c) => ({ ...c, imageFile: null, price: null, kind: 'category' as const })),
        ]
      : [];
  const open = items.length > 0;
  const close = () => {
    asked.current++;
    setFound(null);
  };
  const follow = (url: string) => {
    close();
    setText('');
    onFollow?.();
    navigate(url);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter with nothing picked searches (the form's submit): the results are not left under the suggestions.
    if (event.key === 'Enter' && (!open || active < 0)) close();
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the typed words themselves; moving past either end comes back to them.
      setActive((at) => {
        const next = at + step;
        return next >= items.length ? -1 : next < -1 ? items.length - 1 : next;
      });
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      follow(items[active]!.url);
    } else if (event.key === 'Escape') close();
  };

  return (
    <div className="vt-search-box">
      <input
        id={id}
        type="search"
        name="kw"
        className="vt-input"
        placeholder={placeholder}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        value={text}
        onChange={(event) => {
          typed.current = true;
          setText(event.target.value);
          if (event.target.value.trim().length < 2) setFound(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setFound(null), 150)}
      />
      <ul id={listId} role="listbox" aria-label="Suggestions" className="vt-suggestions" hidden={!open}>
        {items.map((item, index) => (
          <li
            key={`${item.kind}-${item.url}`}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className="vt-suggestion"
            onMouseDown={(event) => {
              // Before the field's blur closes the list.
              event.preventDefault();
              follow(item.url);
            }}
          >
            {item.kind === 'product' ? <Image src={item.imageFile} alt="" width={40} height={40} sizes="40px" /> : null}
            <span>{item.name}</span>
            {item.kind === 'product' && item.price !== null ? <span className="vt-suggestion-price">{price(item.price)}</span> : null}
            {item.kind === 'category' ? <span className="vt-suggestion-kind">Category</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
