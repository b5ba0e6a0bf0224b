import { useState } from 'react';
import { z } from 'zod';
import { Image } from '@vitrine/renderer';
import { defineSection } from '../define-section.ts';
import { SectionButton, SectionShell } from '../section-shell.tsx';
import { formatDate } from '../text.ts';

const promotionSettings = z.object({
  eyebrow: z.string().max(80).default('Limited time'),
  heading: z.string().max(160).default('20% off everything'),
  text: z.string().max(400).default('Our seasonal sale is on. Stock up before it ends.'),
  code: z.string().trim().max(40).regex(/^[A-Za-z0-9_-]*$/, 'letters, digits, - and _ only').default(''),
  code_label: z.string().max(60).default('Use code'),
  ends_on: z.union([z.literal(''), z.iso.date()]).default(''),
  ends_label: z.string().max(60).default('Offer ends'),
  image: z.string().max(2048).default(''),
  image_alt: z.string().max(200).default(''),
  button_label: z.string().max(60).default('Shop the sale'),
  button_link: z.string().max(2048).default('/'),
});

/**
 * Promotion (15): a limited-time offer — a headline, an optional discount code the shopper can copy, the last day
 * of the offer and a button. The end date is printed, never counted down, so the server and browser agree.
 */
export const promotion = defineSection({
  type: 15,
  name: 'promotion',
  description: 'A sale or offer with its picture and a countdown',
  icon: 'M20 12l-8 8-8-8V4h8zM8 8h.01',
  version: 1,
  settings: promotionSettings,
  fields: {
    eyebrow: { label: 'Small text above the heading', control: 'text' },
    heading: { label: 'Heading', control: 'text' },
    text: { label: 'Text', control: 'textarea' },
    code: { label: 'Discount code', control: 'text', help: 'Leave empty when no code is needed' },
    code_label: { label: 'Text before the code', control: 'text' },
    ends_on: { label: 'Last day of the offer', control: 'text', help: 'As YYYY-MM-DD; leave empty for no end date' },
    ends_label: { label: 'Text before the date', control: 'text' },
    image: { label: 'Image', control: 'image' },
    image_alt: { label: 'Image description', control: 'text', help: 'Read aloud by screen readers' },
    button_label: { label: 'Button label', control: 'text' },
    button_link: { label: 'Button link', control: 'url' },
  },
  component: function Promotion({ id, settings, style }) {
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
                <SectionButton style={style} href={settings.button_link}>{settings.button_label}</SectionButton>
              </div>
            ) : null}
          </div>
          {settings.image ? (
            <Image className="vt-promotion-image" src={settings.image} alt={settings.image_alt} width={900} height={675} sizes="(min-width: 768px) 45vw, 100vw" />
          ) : null}
        </div>
      </SectionShell>
    );
  },
});
