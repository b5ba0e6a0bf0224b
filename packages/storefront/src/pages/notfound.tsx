import { Link, useSearchParams } from 'react-router-dom';
import { PageShell } from './page-shell.tsx';

/** What each token failure code of §8 means, in the shopper's words. */
const tokenFailureMessages: Record<string, string> = {
  '00': 'Your session could not be renewed because its sign-in details were missing.',
  '01': 'Your session had expired and could not be renewed.',
  '02': 'The store did not accept your session, even after renewing it.',
  '03': 'A request could not be completed because your session could not be renewed.',
  '04': 'This page could not load its data because your session could not be renewed.',
};

/** /notfound, and /notfound?ec=00…04 after a token failure (§8). */
export function NotFoundPage() {
  const [params] = useSearchParams();
  const ec = params.get('ec');
  const message = ec ? tokenFailureMessages[ec] : undefined;
  return (
    <PageShell heading={message ? 'Please sign in again' : 'Page not found'}>
      <p className="vt-subheading">{message ?? 'We could not find the page you were looking for.'}</p>
      {message ? <p className="vt-error-code-small">Error code ec={ec}</p> : null}
      <div className="vt-actions">
        {message ? (
          <Link className="vt-btn vt-btn-primary vt-btn-md" to="/signin">
            Sign in
          </Link>
        ) : null}
        <Link className={`vt-btn ${message ? 'vt-btn-outline' : 'vt-btn-primary'} vt-btn-md`} to="/">
          Return to home
        </Link>
      </div>
    </PageShell>
  );
}
