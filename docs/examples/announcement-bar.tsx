import { z } from 'zod';
import type { ProductCard } from '@vitrine/commerce';
import { Image, Link, useSectionData } from '@vitrine/renderer';
import { SectionShell, defineSection } from '@vitrine/sections';

/** The section type id of the worked example in docs/sections.md: the next free id after the 22 of §3.15. */
export const ANNOUNCEMENT_BAR_TYPE = 23;

/** "recently added" in commerce's `sortOptions`. */
const NEWEST_FIRST = 7;

const tones = ['brand', 'surface'] as const;

/**
 * Settings of version 2. Version 1 had `text` and `highlight`; the migration below turns old documents into this
 * shape, so a page saved before the change still loads with the owner's words.
 */
const announcementSettings = z.object({
  message: z.string().max(160).default('Free delivery on orders over $60'),
  tone: z.enum(tones).default('brand'),
  show_newest: z.boolean().default(true),
});

/** Announcement bar (23): one line of news across the page, the newest product, and up to three links. */
export const announcementBar = defineSection({
  type: ANNOUNCEMENT_BAR_TYPE,
  name: 'announcement bar',
  description: 'A thin bar above the header for news and offers',
  icon: 'M3 4h18v4H3zM6 6h8',
  version: 2,
  settings: announcementSettings,
  fields: {
    message: { label: 'Message', control: 'text', help: 'One short line: shoppers read it in passing' },
    tone: {
      label: 'Colours',
      control: 'select',
      options: [
        { value: 'brand', label: 'Brand colour' },
        { value: 'surface', label: 'Quiet' },
      ],
    },
    show_newest: { label: 'Name the newest product', control: 'toggle' },
  },
  blocks: {
    name: 'link',
    max: 3,
    initial: 1,
    settings: z.object({
      label: z.string().max(40).default('Shop now'),
      link: z.string().max(2048).default('/'),
    }),
    fields: {
      label: { label: 'Link text', control: 'text' },
      link: { label: 'Link', control: 'url' },
    },
    initialSettings: [{ label: 'Shop now', link: '/' }],
  },
  migrations: {
    1: ({ text, highlight, ...rest }) => ({ ...rest, message: text, tone: highlight === false ? 'surface' : 'brand' }),
  },
  // Runs on the server before rendering, with the settings already read; the result reaches the component as data.
  loader: async (settings, { catalog }): Promise<ProductCard[]> =>
    settings.show_newest ? catalog.getProducts({ sort: NEWEST_FIRST, limit: 1 }) : [],
  component: function AnnouncementBar({ id, settings, style, blocks }) {
    // The owner's own background (style settings, §3.10) wins over the tone, as in the CTA section.
    const tone = style.background_color || style.background_image ? '' : `vt-announcement-${settings.tone}`;
    return (
      <SectionShell id={id} name="announcement-bar" style={style} className={`vt-announcement ${tone}`} label="Announcement">
        <div className="vt-announcement-bar">
          {settings.message ? <p className="vt-announcement-message">{settings.message}</p> : null}
          {settings.show_newest ? <NewestProduct /> : null}
          {blocks.length ? (
            <ul className="vt-announcement-links">
              {blocks.map(({ id: blockId, settings: item }) => (
                <li key={blockId} data-block-id={blockId}>
                  <Link to={item.link} className="vt-announcement-link">
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </SectionShell>
    );
  },
});

/**
 * The newest product as a small link. It reads the loader's result with `useSectionData` (instead of a prop), as any
 * component deep inside a section may; the data is missing when the loader failed, so it draws nothing then.
 */
function NewestProduct() {
  const newest = useSectionData<ProductCard[] | undefined>()?.[0];
  if (!newest) return null;
  return (
    <Link to={newest.productURL} className="vt-announcement-product">
      {/* The product's name is the link's text, so the picture adds nothing to read aloud. */}
      <Image className="vt-announcement-product-image" src={newest.imageFile} alt="" width={32} height={32} sizes="32px" />
      <span>New: {newest.itemName}</span>
    </Link>
  );
}
