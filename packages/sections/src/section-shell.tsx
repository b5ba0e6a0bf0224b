import type { CSSProperties, ReactNode } from 'react';
import { Link } from '@vitrine/renderer';
import type { SectionStyle } from './section-style.ts';

const place = { start: 'flex-start', center: 'center', end: 'flex-end' } as const;

/**
 * The frame every section draws inside: width, background, padding, alignment and spacing from its style settings,
 * and `data-section-id` so the studio's frame can find it. The store header and footer draw as `<header>` and
 * `<footer>`, which take no label: they are the page's banner and content-info landmarks, not named regions.
 */
export function SectionShell({
  id,
  name,
  style,
  className = '',
  children,
  label,
  as: Element = 'section',
}: {
  id: string;
  name: string;
  style: SectionStyle;
  className?: string;
  children: ReactNode;
  label?: string;
  as?: 'section' | 'header' | 'footer';
}) {
  const css: CSSProperties & Record<`--${string}`, string> = {
    '--button-space': `${style.button_space}px`,
    '--column-spacing': `${style.column_spacing}px`,
    '--content-x': place[style.position_x],
    '--content-y': place[style.position_y],
  };
  if (style.padding_top !== null) css.paddingTop = style.padding_top;
  if (style.padding_bottom !== null) css.paddingBottom = style.padding_bottom;
  if (style.background_color) css.backgroundColor = style.background_color;
  if (style.background_image) {
    css.backgroundImage = `url(${JSON.stringify(style.background_image)})`;
    css.backgroundSize = 'cover';
    css.backgroundPosition = 'center';
    if (style.is_parallax) css.backgroundAttachment = 'fixed';
  }
  const classes = [
    'vt-section',
    `vt-section-${name}`,
    `vt-width-${style.section_width}`,
    `vt-align-${style.alignment}`,
    style.is_remove_section_space ? 'vt-no-space' : '',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Element
      id={`section-${id}`}
      data-section-id={id}
      className={classes}
      style={css}
      aria-label={Element === 'section' ? label : undefined}
    >
      <div className="vt-container">{children}</div>
    </Element>
  );
}

/** A call to action in the section's button style and size. */
export function SectionButton({
  style,
  href,
  children,
  variant,
  label,
}: {
  style: SectionStyle;
  href: string;
  children: ReactNode;
  variant?: SectionStyle['button_style'];
  /** A fuller name for screen readers when the visible text alone is vague ("Choose" → "Choose Starter"). */
  label?: string;
}) {
  return (
    <Link className={`vt-btn vt-btn-${variant ?? style.button_style} vt-btn-${style.button_size}`} to={href} aria-label={label}>
      {children}
    </Link>
  );
}
