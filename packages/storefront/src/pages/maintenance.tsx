import { useState } from 'react';
import { useLoaderData, useLocation, useRouteLoaderData } from 'react-router-dom';
import { maintenanceEndpoints } from '@vitrine/commerce';
import type { MaintenanceSettings } from '@vitrine/commerce';
import { useApi } from '../app-context.tsx';
import { maintenanceReturn } from '../maintenance-return.ts';
import { ROOT_ROUTE_ID, type RootData } from '../root-data.ts';
import { useSession } from '../client/session.ts';
import type { RouteMeta } from '../meta.ts';
import { AppForm, Field, SubmitButton } from '../ui/field.tsx';
import { useToast } from '../ui/toasts.tsx';

export interface MaintenanceData {
  maintenance: MaintenanceSettings;
  meta: RouteMeta;
}

/**
 * /maintenance (§2.4): the store's name, the heading and the description (the owner's formatting, which the server
 * sanitised: `loadMaintenanceSettings`), and a password field when the store is protected. The right password takes
 * the shopper on to the page they asked for (`?return=`).
 */
export function MaintenancePage() {
  const { maintenance } = useLoaderData() as MaintenanceData;
  const storeName = (useRouteLoaderData(ROOT_ROUTE_ID) as RootData | undefined)?.site.webTitle;
  const { search } = useLocation();
  const api = useApi();
  const toast = useToast();
  const setValidUser = useSession((s) => s.setValidUser);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  return (
    <main id="main" className="vt-maintenance">
      <div className="vt-maintenance-card vt-card">
        {storeName ? <p className="vt-maintenance-store">{storeName}</p> : null}
        <h1 className="vt-h2">{maintenance.heading || 'We will be back soon'}</h1>
        {maintenance.description ? (
          // Sanitised by the server with the HTML section's sanitizer: the owner's formatting, never a script.
          <div className="vt-maintenance-text" dangerouslySetInnerHTML={{ __html: maintenance.description }} />
        ) : null}
        {maintenance.isPasswordProtected === '1' ? (
          <AppForm
            onValues={(values) => {
              const password = values['password'] ?? '';
              if (!password) {
                setError('Password is a required field');
                return;
              }
              setError(undefined);
              setBusy(true);
              api
                .request(maintenanceEndpoints.checkMaintenanceModePassword, { body: { password } })
                .then(({ data }) => {
                  if (data) {
                    setValidUser(true);
                    // A whole page load, so the server sees the bypass cookie it has just set, of the page asked for.
                    window.location.assign(maintenanceReturn(search));
                  } else {
                    setValidUser(false);
                    toast('Invalid Password', { kind: 'error', placement: 'top-right', durationMs: 3000 });
                  }
                })
                .catch(() => toast(undefined, { kind: 'error' }))
                .finally(() => setBusy(false));
            }}
          >
            <Field label="Password" name="password" type="password" autoComplete="current-password" required error={error} />
            <SubmitButton busy={busy}>Enter</SubmitButton>
          </AppForm>
        ) : null}
      </div>
    </main>
  );
}
