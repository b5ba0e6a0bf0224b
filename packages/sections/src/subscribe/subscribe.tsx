import { SectionShell } from '../section-shell.tsx';
import { SubscribeForm } from './subscribe-form.tsx';
import { sectionComponent } from '../section-component.ts';
import { subscribe } from './subscribe.schema.ts';

/** Subscribe (20): a newsletter sign-up with a heading, a line of text, an email box and a note on privacy. */
export const Subscribe = sectionComponent(subscribe, function Subscribe({ id, settings, style }) {
  return (
    <SectionShell id={id} name="subscribe" style={style} className="vt-subscribe" label={settings.heading || 'Newsletter'}>
      <div className="vt-subscribe-inner">
        {settings.heading ? <h2 className="vt-h2">{settings.heading}</h2> : null}
        {settings.text ? <p className="vt-subheading">{settings.text}</p> : null}
        <SubscribeForm
          sectionId={id}
          style={style}
          buttonLabel={settings.button_label}
          success={settings.success_message}
          placeholder={settings.placeholder}
        />
        {settings.privacy_note ? <p className="vt-subscribe-note">{settings.privacy_note}</p> : null}
      </div>
    </SectionShell>
  );
});
