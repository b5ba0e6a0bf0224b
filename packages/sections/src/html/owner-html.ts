import sanitizeHtml from 'sanitize-html';

/**
 * What survives of an owner's HTML: text formatting, headings, lists, tables, links and images. Scripts, styles,
 * frames, forms, event attributes and `javascript:` addresses do not, because the HTML is served to every shopper
 * from the shop's own origin.
 */
const allowed: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'mark',
    'sub',
    'sup',
    'abbr',
    'q',
    'cite',
    'span',
    'div',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'colgroup',
    'col',
  ],
  allowedAttributes: {
    '*': ['class', 'title', 'lang', 'dir'],
    a: ['href', 'rel', { name: 'target', multiple: false, values: ['_blank'] }],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start', 'reversed'],
    abbr: ['title'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // The page's only h1 is its own title (the hero's); an owner's h1 becomes a section-level h2.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }),
  },
  disallowedTagsMode: 'discard',
};

/**
 * The owner's HTML with everything unsafe removed. The server runs it (the HTML section's loader), and so does the
 * studio's preview for drafts as they are typed; shoppers' browsers never load it (sanitize-html with postcss is
 * ~94 KB gzipped).
 */
export function sanitizeOwnerHtml(html: string): string {
  return sanitizeHtml(html, allowed);
}

/**
 * What survives of a product's description (the studio's rich text): headings, paragraphs, bold, italic, lists and
 * links, nothing else — no images, tables, classes or styles. The same rules as `allowed` for what is kept: an h1
 * becomes an h2 (the page's h1 is the product's name), links open nothing but http(s) and mail addresses.
 */
const productDescription: sanitizeHtml.IOptions = {
  ...allowed,
  allowedTags: ['h2', 'h3', 'h4', 'p', 'br', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'a'],
  allowedAttributes: { a: ['href', 'rel', { name: 'target', multiple: false, values: ['_blank'] }] },
  allowedSchemesByTag: {},
};

/** A product description as the server stores it: `productDescription`'s tags only. */
export function sanitizeProductDescription(html: string): string {
  return sanitizeHtml(html, productDescription);
}
