import { useState } from 'react';
import { Image } from '@vitrine/renderer';
import { SectionButton, SectionShell } from '../section-shell.tsx';
import { formatDate } from '../text.ts';
import { sectionComponent } from '../section-component.ts';
import { promotion } from './promotion.schema.ts';

/**
 * Promotion (15): a limited-time offer — a headline, an optional discount code the shopper can copy, the last day
 * of the offer and a button. The end date is printed, never counted down, so the server and browser agree.
 */
export const Promotion = sectionComponent(promotion, function Promotion({ id, settings, style }) {
  const [copied, setCopied] = useState(false);
  const onBrand = !style.background_color && !style.background_image;
  async function copyCode() {
    try {
      await navigator.clipboard.writeText(settings.code);
      setCopied(true);
    } catch {
      // Clipboard refused (no permission, old browser): the code stays on screen to copy by hand.
    }
  }
  return (
    <SectionShell id={id} name="promotion" style={style} label={settings.heading || 'Promotion'}>
      <div className={`vt-promotion${onBrand ? ' vt-promotion-brand' : ''}${settings.image ? ' vt-promotion-with-image' : ''}`}>
        <div className="vt-promotion-text">
          {settings.eyebrow ? <p className="vt-eyebrow">{settings.eyebrow}</p> : null}
          {settings.heading ? <h2 className="vt-h2">{settings.heading}</h2> : null}
          {settings.text ? <p className="vt-promotion-lead">{settings.text}</p> : null}
          {settings.code ? (
            <p className="vt-promotion-code">
              <span>{settings.code_label}</span> <strong className="vt-promotion-code-value">{settings.code}</strong>{' '}
              <button type="button" className="vt-promotion-copy" onClick={copyCode}>
                Copy<span className="vt-visually-hidden">{` code ${settings.code}`}</span>
              </button>
              <span role="status" className="vt-promotion-copied">
                {copied ? 'Copied' : ''}
              </span>
            </p>
          ) : null}
          {settings.ends_on ? (
            <p className="vt-promotion-ends">
              {settings.ends_label} <time dateTime={settings.ends_on}>{formatDate(settings.ends_on)}</time>
            </p>
          ) : null}
          {settings.button_label ? (
            <div className="vt-actions">
              <SectionButton style={style} href={settings.button_link}>
                {settings.button_label}
              </SectionButton>
            </div>
          ) : null}
        </div>
        {settings.image ? (
          <Image
            className="vt-promotion-image"
            src={settings.image}
            alt={settings.image_alt}
            width={900}
            height={675}
            sizes="(min-width: 768px) 45vw, 100vw"
          />
        ) : null}
      </div>
    </SectionShell>
  );
});
