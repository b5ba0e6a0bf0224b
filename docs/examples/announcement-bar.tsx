import type { ProductCard } from '@vitrine/commerce';
import { Image, Link, useSectionData } from '@vitrine/renderer';
import { SectionShell, sectionComponent } from '@vitrine/sections/theme-kit';
import { announcementBar } from './announcement-bar.schema.ts';

/** Announcement bar (23): draws the schema's settings and blocks; its styles are in announcement-bar.css. */
export const AnnouncementBar = sectionComponent(announcementBar, function AnnouncementBar({ id, settings, style, blocks }) {
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
