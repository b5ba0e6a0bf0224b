import postcss, { type AtRule } from 'postcss';

/**
 * The app's stylesheet cut to what one page uses (issue 18: "CSS: only what the page uses"). The server writes the
 * stylesheet into every page, so the first paint waits on no request; written whole it was 61 KB, half the page, and
 * a phone parses it and matches its rules against the page before it paints. A rule stays when every class its
 * selector needs is in the page's HTML (for one of its selectors); rules without a class (elements, `:root`), every
 * at-rule but the groups the cut leaves empty, and classes inside `:is()`, `:where()`, `:not()` or `:has()` are kept,
 * so nothing a page draws loses a style. What the app draws later comes with the whole stylesheet, which the app links
 * when it starts (`app.tsx`).
 */

/** The cuts of one stylesheet kept at once (one per set of classes: a kind of page with its sections). */
const KEPT_CUTS = 64;

/** The class attributes' values whose named classes are kept at once. */
const KEPT_ATTRIBUTES = 4096;

/** The stylesheet cut for a page, from the classes its HTML uses (`pageClasses`). */
type Cut = (pageUses: ReadonlySet<string>) => string;

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };
const decodeEntities = (text: string) =>
  text.includes('&') ? text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => entities[name]!) : text;

/** The classes a selector needs, outside parentheses (`.md\:flex` needs `md:flex`). */
function classesNeeded(selector: string): string[] {
  let depth = 0;
  let outside = '';
  for (const character of selector) {
    if (character === '(') depth++;
    else if (character === ')') depth--;
    else if (depth === 0) outside += character;
  }
  return [...outside.matchAll(/\.((?:\\.|[\w-])+)/g)].map((match) => match[1]!.replace(/\\(.)/g, '$1'));
}

/** What each class attribute's value names, read once: pages repeat the same few hundred values (a card's, a button's). */
const attributes = new Map<string, string[]>();

/**
 * The classes a page's HTML uses, and those the page's entry draws in the browser before the app starts: read once
 * per page, however many stylesheets are cut by them.
 */
export function pageClasses(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    const value = match[1]!;
    let names = attributes.get(value);
    if (names === undefined) {
      names = value.split(/\s+/).filter(Boolean).map(decodeEntities);
      if (attributes.size >= KEPT_ATTRIBUTES) attributes.clear();
      attributes.set(value, names);
    }
    for (const name of names) classes.add(name);
  }
  return classes;
}

/**
 * Cuts `css` to the rules a page's HTML uses. A cut is made once per set of classes (parsing the stylesheet again,
 * a few milliseconds) and the last 64 are kept, so a kind of page costs it once. A page's cut depends only on which of
 * the classes the stylesheet's selectors name it has: those are numbered once, and a page's set of them is its key.
 */
export function pageStylesheet(css: string): Cut {
  let parsed: ReturnType<typeof postcss.parse>;
  try {
    parsed = postcss.parse(css);
  } catch {
    // A stylesheet that does not read as CSS (an owner's custom CSS can be anything) is not cut: the page gets it whole.
    return () => css;
  }
  const named = new Map<string, number>();
  parsed.walkRules((rule) => {
    for (const selector of rule.selectors) for (const name of classesNeeded(selector)) if (!named.has(name)) named.set(name, named.size);
  });
  const cuts = new Map<string, string>();
  return (pageUses) => {
    const has = new Uint8Array(named.size);
    for (const name of pageUses) {
      const index = named.get(name);
      if (index !== undefined) has[index] = 1;
    }
    const key = Buffer.from(has.buffer).toString('latin1');
    let cut = cuts.get(key);
    if (cut !== undefined) return cut;
    const classes = new Set([...named.keys()].filter((_, index) => has[index] === 1));
    const root = postcss.parse(css);
    root.walkRules((rule) => {
      if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as AtRule).name)) return;
      const sets = rule.selectors.map(classesNeeded);
      if (sets.every((set) => set.length > 0) && !sets.some((set) => set.every((name) => classes.has(name)))) rule.remove();
    });
    // Groups the cut left empty go, from the inside out (a layer holding only an emptied media query too).
    for (let emptied = true; emptied;) {
      emptied = false;
      root.walkAtRules((atRule) => {
        if (atRule.nodes === undefined || atRule.nodes.length > 0) return;
        atRule.remove();
        emptied = true;
      });
    }
    cut = root.toString();
    if (cuts.size >= KEPT_CUTS) cuts.delete(cuts.keys().next().value!);
    cuts.set(key, cut);
    return cut;
  };
}

/**
 * `css` without its font faces: a stylesheet linked on a page that carries them already (every cut keeps its
 * at-rules). Linked again, each face is a new one the browser loads, and every text on the page is laid out again
 * (twice, as it falls back and as the face arrives): the whole page, as the app started on a shopper's first tap.
 */
export function withoutFontFaces(css: string): string {
  if (!css.includes('@font-face')) return css;
  try {
    const root = postcss.parse(css);
    root.walkAtRules('font-face', (rule) => void rule.remove());
    return root.toString();
  } catch {
    return css;
  }
}
