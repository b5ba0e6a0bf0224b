import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useDismissable } from '../dismissable.ts';
import { listingSearch, listingState } from '@vitrine/commerce';
import { Image, Link, classifyLink, useNavigator } from '@vitrine/renderer';
import { SectionShell } from '../section-shell.tsx';
import { useShop, useShopReader } from '../shop-context.tsx';
import { sectionComponent } from '../section-component.ts';
import { header } from './header.schema.ts';
import { SearchBox } from './search-box.tsx';
import { HEART_PATH } from '../wishlist-heart.tsx';

// Line glyphs on a 24 × 24 grid; each sits in a link or button that carries its name in text.
const glyphs = {
  search: 'M10.5 18a7.5 7.5 0 1 0 0-15 7.5 7.5 0 0 0 0 15zM21 21l-5.2-5.2',
  menu: 'M3 6h18M3 12h18M3 18h18',
  close: 'M5 5l14 14M19 5 5 19',
  account: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zM3.5 21a8.5 8.5 0 0 1 17 0',
  wishlist: HEART_PATH,
  cart: 'M5 8h14l-1.2 12H6.2zM9 8V6a3 3 0 0 1 6 0v2',
} as const;

function Glyph({ name }: { name: keyof typeof glyphs }) {
  return (
    <svg className="vt-header-glyph" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={glyphs[name]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const items = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

/** Where the menu leaves its drawer and sits in the header's row (§9's tablet breakpoint); keep in step with sections.css. */
const TABLET_QUERY = '(min-width: 768px)';

/**
 * Header (1): the store's logo or name, a menu of top-level categories (loaded on the server) and the owner's links,
 * product search, a currency picker, and links to the account, wishlist and cart with their counts. It is the page's
 * `<header>` and one row at every width: below the tablet width the menu, search and currency picker fold into a
 * drawer behind a Menu button; up to the wide desktop the search opens from a button under the row.
 */
export const Header = sectionComponent(header, function Header({ id, settings, style, blocks, data }) {
  // What the header draws of the shop, each part on its own: a heart or a cart line re-renders the header only when
  // its count changes.
  const storeTitle = useShop((shop) => shop.storeTitle);
  const currencies = useShop((shop) => shop.currencies);
  const currencyCode = useShop((shop) => shop.currency.currencyAbbreviation);
  const isSignedIn = useShop((shop) => shop.isSignedIn);
  const wishlistCount = useShop((shop) => shop.wishlistCount);
  const cartCount = useShop((shop) => shop.cartCount);
  const searchKeywords = useShop((shop) => shop.searchKeywords ?? '');
  const readShop = useShopReader();
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const uid = useId();
  const drawer = useRef<HTMLDivElement>(null);
  const menuToggle = useRef<HTMLButtonElement>(null);
  const searchForm = useRef<HTMLFormElement>(null);
  const searchToggle = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const closeSearch = useCallback(() => setSearchOpen(false), []);
  // A search made (Enter, the search button or a suggestion) leaves the results in view: the menu and the search close.
  const searched = useCallback(() => {
    setSearchOpen(false);
    setMenuOpen(false);
  }, []);
  const navigate = useNavigator();
  useDismissable(menuOpen, closeMenu, drawer, menuToggle, true);
  useDismissable(searchOpen, closeSearch, searchForm, searchToggle);
  const all = settings.show_categories ? (data ?? []) : [];
  const categories = all.filter((category) => category.parentID === null);
  const childrenOf = (parentId: number) => all.filter((category) => category.parentID === parentId);
  const links = blocks.filter(({ settings: link }) => link.label && classifyLink(link.link).kind !== 'invalid');
  const hasMenu = categories.length + links.length > 0;
  const showCurrencies = settings.show_currency_picker && currencies.length > 1;
  const hasDrawer = hasMenu || settings.show_search || showCurrencies || settings.show_account;

  useEffect(() => {
    if (!menuOpen) return;
    // The drawer is a dialog: the focus goes in, and a window grown to the tablet width puts the menu back in the row.
    drawer.current?.querySelector<HTMLElement>('a[href], input, button:not(.vt-header-drawer-close)')?.focus();
    const wide = window.matchMedia(TABLET_QUERY);
    const onWide = () => wide.matches && setMenuOpen(false);
    wide.addEventListener('change', onWide);
    return () => wide.removeEventListener('change', onWide);
  }, [menuOpen]);
  useEffect(() => {
    if (searchOpen) searchForm.current?.querySelector('input')?.focus();
  }, [searchOpen]);

  const classes = [
    'vt-header',
    settings.sticky ? 'vt-header-sticky' : '',
    style.is_transparent_header ? 'vt-header-transparent' : '',
    style.is_transparent_header_mobile ? 'vt-header-transparent-mobile' : '',
  ];
  return (
    <SectionShell as="header" id={id} name="header" style={style} className={classes.filter(Boolean).join(' ')}>
      <div className="vt-header-bar">
        {hasDrawer ? (
          <button
            ref={menuToggle}
            type="button"
            className="vt-header-icon vt-header-menu-toggle"
            aria-expanded={menuOpen}
            aria-controls={`${uid}-drawer`}
            onClick={() => {
              setSearchOpen(false);
              setMenuOpen((open) => !open);
            }}
          >
            <Glyph name="menu" />
            <span className="vt-visually-hidden">Menu</span>
          </button>
        ) : null}

        <Link to="/" className="vt-header-brand">
          {settings.logo ? (
            <Image
              className="vt-logo"
              src={settings.logo}
              alt={settings.logo_alt || storeTitle}
              width={280}
              height={96}
              priority
              sizes="280px"
            />
          ) : (
            <span className="vt-header-store-name">{storeTitle}</span>
          )}
        </Link>

        {/* Below the tablet width a drawer (a modal dialog while open); wider, its parts sit in the row. */}
        <div
          ref={drawer}
          id={`${uid}-drawer`}
          className={`vt-header-drawer${menuOpen ? ' vt-header-drawer-open' : searchOpen ? ' vt-header-drawer-searching' : ''}`}
          role={menuOpen ? 'dialog' : undefined}
          aria-modal={menuOpen ? true : undefined}
          aria-label={menuOpen ? 'Menu' : undefined}
          onClick={(event) => {
            // Following a link of the drawer closes it.
            if ((event.target as HTMLElement).closest('a')) setMenuOpen(false);
          }}
        >
          <div className="vt-header-drawer-top">
            <span className="vt-header-drawer-title">Menu</span>
            <button
              type="button"
              className="vt-header-icon vt-header-drawer-close"
              onClick={() => {
                setMenuOpen(false);
                menuToggle.current?.focus();
              }}
            >
              <Glyph name="close" />
              <span className="vt-visually-hidden">Close menu</span>
            </button>
          </div>

          {settings.show_search ? (
            <form
              ref={searchForm}
              id={`${uid}-search-form`}
              role="search"
              action="/search"
              method="get"
              onSubmit={(event) => {
                // In the app, the results open without reloading the page; the form still works without it.
                event.preventDefault();
                const kw = new FormData(event.currentTarget).get('kw');
                searched();
                navigate(`/search${listingSearch(listingState({ kw: typeof kw === 'string' ? kw.trim() : '' }))}`);
              }}
              className={`vt-header-search${searchOpen ? ' vt-header-search-open' : ''}`}
            >
              <label htmlFor={`${uid}-search`} className="vt-visually-hidden">
                Search
              </label>
              {/* `kw` is the listing's search key (§2.3); /search lists the results. */}
              <SearchBox id={`${uid}-search`} placeholder={settings.search_placeholder} initial={searchKeywords} onFollow={searched} />
              <button type="submit" className="vt-header-icon vt-header-search-button">
                <Glyph name="search" />
                <span className="vt-visually-hidden">Search</span>
              </button>
            </form>
          ) : null}

          {hasMenu ? (
            <nav aria-label="Main menu" className="vt-header-nav">
              <ul className="vt-header-menu">
                {categories.map((category) => (
                  <li key={`c${category.categoryID}`}>
                    <Link to={`/${category.slug}`}>{category.name}</Link>
                    {childrenOf(category.categoryID).length ? (
                      // Listed in the phone menu; the row shows the top level only.
                      <ul className="vt-header-submenu" aria-label={category.name}>
                        {childrenOf(category.categoryID).map((child) => (
                          <li key={`c${child.categoryID}`}>
                            <Link to={`/${child.slug}`}>{child.name}</Link>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ))}
                {links.map(({ id: blockId, settings: link }) => (
                  <li key={blockId} data-block-id={blockId}>
                    <Link to={link.link}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}

          {settings.show_account ? (
            // The phone menu's way to the account; from the tablet width the row's icon is.
            <Link to={isSignedIn ? '/account' : '/signin'} className="vt-header-drawer-account">
              <Glyph name="account" />
              {isSignedIn ? 'My account' : 'Sign in'}
            </Link>
          ) : null}

          {showCurrencies ? (
            <div className="vt-header-currency">
              <label htmlFor={`${uid}-currency`} className="vt-visually-hidden">
                Currency
              </label>
              <select
                id={`${uid}-currency`}
                className="vt-input vt-header-currency-select"
                value={currencyCode}
                onChange={(event) => readShop().onCurrencyChange?.(event.target.value)}
              >
                {currencies.map((currency) => (
                  <option key={currency.currencyAbbreviation} value={currency.currencyAbbreviation}>
                    {currency.currencyAbbreviation} {currency.currencySymbol.trim()}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </div>
        {menuOpen ? <div className="vt-header-backdrop" aria-hidden="true" onClick={closeMenu} /> : null}

        <div className="vt-header-tools">
          {settings.show_search ? (
            <button
              ref={searchToggle}
              type="button"
              className="vt-header-icon vt-header-search-toggle"
              aria-expanded={searchOpen}
              aria-controls={`${uid}-search-form`}
              onClick={() => setSearchOpen((open) => !open)}
            >
              <Glyph name={searchOpen ? 'close' : 'search'} />
              <span className="vt-visually-hidden">{searchOpen ? 'Close search' : 'Open search'}</span>
            </button>
          ) : null}
          {settings.show_account ? (
            <Link to={isSignedIn ? '/account' : '/signin'} className="vt-header-icon vt-header-account">
              <Glyph name="account" />
              <span className="vt-visually-hidden">{isSignedIn ? 'Account' : 'Sign in'}</span>
            </Link>
          ) : null}
          {settings.show_wishlist ? (
            <Link to="/wishlist" className="vt-header-icon">
              <Glyph name="wishlist" />
              <span className="vt-visually-hidden">{`Wishlist, ${items(wishlistCount)}`}</span>
              {wishlistCount > 0 ? (
                <span className="vt-header-count" aria-hidden="true">
                  {wishlistCount}
                </span>
              ) : null}
            </Link>
          ) : null}
          {settings.show_cart ? (
            <Link to="/cart" className="vt-header-icon">
              <Glyph name="cart" />
              <span className="vt-visually-hidden">{`Cart, ${items(cartCount)}`}</span>
              {cartCount > 0 ? (
                <span className="vt-header-count" aria-hidden="true">
                  {cartCount}
                </span>
              ) : null}
            </Link>
          ) : null}
        </div>
      </div>
    </SectionShell>
  );
});
