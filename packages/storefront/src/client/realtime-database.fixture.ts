import type { WebConfig } from '@vitrine/commerce';

/** A store's public settings (§3.3) for the realtime database at `databaseURL`: the test server reads only the address. */
export const realtimeDatabaseAt = (databaseURL: string): NonNullable<WebConfig['realtimeDatabase']> => ({
  apiKey: 'test',
  authDomain: '',
  projectId: 'vitrine-test',
  storageBucket: '',
  messagingSenderId: '',
  appId: 'test',
  measurementId: '',
  databaseURL,
});
