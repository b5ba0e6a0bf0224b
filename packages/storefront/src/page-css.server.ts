import postcss, { type AtRule } from 'postcss';
import { RIPPLE_CLASS } from './ui/ripple.ts';

/**
 * The app's stylesheet cut to what one page uses (issue 18: "CSS: only what the page uses"). The server writes the
 * stylesheet into every page, so the first paint waits on no request; written whole it was 61 KB, half the page, and
 * a phone parses it and matches its rules against the page before it paints. A rule stays when every class its
 * selector needs is in the page's HTML (for one of its selectors); rules without a class (elements, `:root`), every
 * at-rule but the groups the cut leaves empty, and classes inside `:is()`, `:where()`, `:not()` or `:has()` are kept,
 * so nothing a page draws loses a style. What the app draws later comes with the whole stylesheet, which the app links
 * when it starts (`app.tsx`).
 */

/** Classes drawn in the browser before the app has started (by the page's entry), kept whatever the HTML holds. */
const DRAWN_BY_THE_ENTRY = [RIPPLE_CLASS];

/** The cuts of one stylesheet kept at once (one per set of classes: a kind of page with its sections). */
const KEPT_CUTS = 64;

/** The stylesheet cut for a page, from the page's HTML. */
type Cut = (html: string) => string;

/** The classes in an HTML document's `class` attributes. */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>(DRAWN_BY_THE_ENTRY);
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of match[1]!.split(/\s+/)) if (name) classes.add(decodeEntities(name));
  }
  return classes;
}

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

/**
 * Cuts `css` to the rules a page's HTML uses. A cut is made once per set of classes (parsing the stylesheet again,
 * a few milliseconds) and the last 64 are kept, so a kind of page costs it once.
 */
export function pageStylesheet(css: string): Cut {
  const cuts = new Map<string, string>();
  return (html) => {
    const classes = classesIn(html);
    const key = [...classes].sort().join(' ');
    let cut = cuts.get(key);
    if (cut !== undefined) return cut;
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
