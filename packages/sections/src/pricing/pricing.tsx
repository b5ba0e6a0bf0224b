import { classifyLink } from '@vitrine/renderer';
import { SectionButton, SectionShell } from '../section-shell.tsx';
import { linesOf } from '../text.ts';
import { sectionComponent } from '../section-component.ts';
import { pricing } from './pricing.schema.ts';

/** Pricing (16): plans side by side — subscriptions, boxes, memberships — with what each includes and a button. */
export const Pricing = sectionComponent(pricing, function Pricing({ id, settings, style, blocks }) {
  const Name = settings.heading ? 'h3' : 'h2';
  return (
    <SectionShell id={id} name="pricing" style={style} label={settings.heading || 'Pricing'}>
      {settings.heading ? <h2 className="vt-h2">{settings.heading}</h2> : null}
      {settings.subheading ? <p className="vt-subheading">{settings.subheading}</p> : null}
      <ul
        className={`vt-grid vt-cols-1 vt-cols-tablet-2 vt-cols-desktop-${settings.columns_desktop} vt-plans`}
        style={{ gap: 'var(--column-spacing)' }}
      >
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
                    <path
                      d="M5 12.5l4.5 4.5L19 7.5"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2.2"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
            {item.button_label && classifyLink(item.button_link).kind !== 'invalid' ? (
              <div className="vt-plan-action">
                <SectionButton
                  style={style}
                  href={item.button_link}
                  variant={item.highlighted ? style.button_style : 'outline'}
                  label={`${item.button_label}: ${item.name}`}
                >
                  {item.button_label}
                </SectionButton>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </SectionShell>
  );
});
