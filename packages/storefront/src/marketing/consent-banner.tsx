import { useId } from 'react';
import './consent-banner.css';

/**
 * Asks the shopper before any marketing script, pixel or cookie (§4 Consent Mode): fixed at the bottom of the window, so
 * nothing on the page moves when it comes or goes; it takes no focus, and both buttons are reached with Tab.
 */
export function ConsentBanner({ onChoice }: { onChoice: (accepted: boolean) => void }) {
  const heading = useId();
  return (
    <section className="vt-consent" aria-labelledby={heading}>
      <div className="vt-consent-inner">
        <div className="vt-consent-text">
          <h2 id={heading} className="vt-consent-title">
            Cookies and ads
          </h2>
          <p>
            With your consent this store uses advertising and analytics partners’ cookies and scripts to measure visits and show you
            relevant ads. Nothing of theirs loads unless you accept; you can decline and shop just the same.
          </p>
        </div>
        <div className="vt-consent-actions">
          <button type="button" className="vt-btn vt-btn-outline vt-btn-md" onClick={() => onChoice(false)}>
            Decline
          </button>
          <button type="button" className="vt-btn vt-btn-primary vt-btn-md" onClick={() => onChoice(true)}>
            Accept
          </button>
        </div>
      </div>
    </section>
  );
}
