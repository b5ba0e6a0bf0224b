import { Image } from '@vitrine/renderer';
import { SectionShell } from '../section-shell.tsx';
import { sectionComponent } from '../section-component.ts';
import { testimonials } from './testimonials.schema.ts';

/** Testimonials (14): what customers say — a quote, who said it and their star rating — in a row of cards. */
export const Testimonials = sectionComponent(testimonials, function Testimonials({ id, settings, style, blocks }) {
  return (
    <SectionShell id={id} name="testimonials" style={style} label={settings.heading || 'Testimonials'}>
      {settings.heading ? <h2 className="vt-h2">{settings.heading}</h2> : null}
      <ul
        className={`vt-grid vt-cols-1 vt-cols-tablet-2 vt-cols-desktop-${settings.columns_desktop} vt-testimonials`}
        style={{ gap: 'var(--column-spacing)' }}
      >
        {blocks.map(({ id: blockId, settings: item }) => (
          <li key={blockId} data-block-id={blockId} className="vt-card vt-testimonial">
            <figure className="vt-testimonial-figure">
              {settings.show_rating ? (
                <p className="vt-rating">
                  <span aria-hidden="true">
                    {'★'.repeat(item.rating)}
                    {'☆'.repeat(5 - item.rating)}
                  </span>
                  <span className="vt-visually-hidden">{`Rated ${item.rating} out of 5`}</span>
                </p>
              ) : null}
              <blockquote className="vt-testimonial-quote">
                <p>{item.quote}</p>
              </blockquote>
              <figcaption className="vt-testimonial-author">
                {item.avatar ? (
                  <Image className="vt-avatar" src={item.avatar} alt={item.avatar_alt} width={56} height={56} sizes="56px" />
                ) : null}
                <span>
                  <span className="vt-testimonial-name">{item.author}</span>
                  {item.role ? <span className="vt-testimonial-role">{item.role}</span> : null}
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </SectionShell>
  );
});
