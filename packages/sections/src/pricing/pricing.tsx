import { z } from 'zod';
import { classifyLink } from '@vitrine/renderer';
import { defineSection } from '../define-section.ts';
import { SectionButton, SectionShell } from '../section-shell.tsx';
import { linesOf } from '../text.ts';

const plan = z.object({
  name: z.string().trim().max(60).default('Plan'),
  price: z.string().max(30).default('$20'),
  period: z.string().max(30).default('per month'),
  description: z.string().max(300).default(''),
  features: z.string().max(2000).default('What is included\nAnother thing included'),
  highlighted: z.boolean().default(false),
  badge: z.string().max(30).default('Most popular'),
  button_label: z.string().max(40).default('Choose plan'),
  button_link: z.string().max(2048).default('/'),
});

/** Pricing (16): plans side by side — subscriptions, boxes, memberships — with what each includes and a button. */
export const pricing = defineSection({
  type: 16,
  name: 'pricing',
  description: 'Plans side by side, with prices and what each includes',
  icon: 'M12 3v18M16 7h-6a2.5 2.5 0 0 0 0 5h4a2.5 2.5 0 0 1 0 5H8',
  version: 1,
  settings: z.object({
    heading: z.string().max(160).default('Plans and pricing'),
    subheading: z.string().max(400).default(''),
    columns_desktop: z.number().int().min(1).max(4).default(3),
  }),
  fields: {
    heading: { label: 'Heading', control: 'text' },
    subheading: { label: 'Text', control: 'textarea' },
    columns_desktop: { label: 'Plans per row on large screens', control: 'range', min: 1, max: 4, step: 1 },
  },
  blocks: {
    name: 'plan',
    max: 6,
    initial: 3,
    initialSettings: [
      { name: 'Taster', price: '$18', features: 'One bag of coffee\nFree delivery\nSkip or cancel any time' },
      { name: 'Regular', price: '$32', features: 'Two bags of coffee\nFree delivery\nTasting notes card', highlighted: true },
      { name: 'Café', price: '$60', features: 'Four bags of coffee\nPriority delivery\nBrewing guide' },
    ],
    settings: plan,
    fields: {
      name: { label: 'Name', control: 'text' },
      price: { label: 'Price', control: 'text', help: 'As shoppers should read it, e.g. “$18”' },
      period: { label: 'Billing period', control: 'text', help: 'For example “per month”; leave empty for a one-off price' },
      description: { label: 'Description', control: 'textarea' },
      features: { label: 'What is included', control: 'textarea', help: 'One item per line' },
      highlighted: { label: 'Highlight this plan', control: 'toggle' },
      badge: { label: 'Badge on a highlighted plan', control: 'text' },
      button_label: { label: 'Button label', control: 'text' },
      button_link: { label: 'Button link', control: 'url' },
    },
  },
  component: function Pricing({ id, settings, style, blocks }) {
    const Name = settings.heading ? 'h3' : 'h2';
    return (
      <SectionShell id={id} name="pricing" style={style} label={settings.heading || 'Pricing'}>
        {settings.heading ? <h2 className="vt-h2">{settings.heading}</h2> : null}
        {settings.subheading ? <p className="vt-subheading">{settings.subheading}</p> : null}
        <ul className={`vt-grid vt-cols-1 vt-cols-tablet-2 vt-cols-desktop-${settings.columns_desktop} vt-plans`} style={{ gap: 'var(--column-spacing)' }}>
          {blocks.map(({ id: blockId, settings: item }) => (
            <li key={blockId} data-block-id={blockId} className={`vt-card vt-plan${item.highlighted ? ' vt-plan-highlighted' : ''}`}>
              {item.highlighted && item.badge ? <p className="vt-badge vt-badge-new vt-plan-badge">{item.badge}</p> : null}
              <Name className="vt-h4 vt-plan-name">{item.name}</Name>
              <p className="vt-plan-price">
                <span className="vt-plan-amount">{item.price}</span>
                {item.period ? <span className="vt-plan-period"> {item.period}</span> : null}
              </p>
              {item.description ? <p className="vt-plan-description">{item.description}</p> : null}
              <ul className="vt-plan-features">
                {linesOf(item.features).map((feature, index) => (
                  <li key={index}>
                    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                      <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
                    </svg>
                    <span>{feature}</span>
                  </li>
                ))}
              </ul>
              {item.button_label && classifyLink(item.button_link).kind !== 'invalid' ? (
                <div className="vt-plan-action">
                  <SectionButton style={style} href={item.button_link} variant={item.highlighted ? style.button_style : 'outline'} label={`${item.button_label}: ${item.name}`}>
                    {item.button_label}
                  </SectionButton>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </SectionShell>
    );
  },
});
