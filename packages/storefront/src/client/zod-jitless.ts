// The shopper app's `zod` (vite.config.ts aliases it here): zod itself, told before anything can parse with it not
// to compile parsers with `new Function`. The page's Content-Security-Policy allows no eval, so each page would log a
// refused eval (and Lighthouse's best practices count it). Parsing without compiling is as correct; our answers are
// small.
import { config } from 'zod/v4';

config({ jitless: true });

// eslint-disable-next-line no-restricted-syntax -- this module stands in for the whole of `zod`, whatever it exports
export * from 'zod/v4';
export { z, z as default } from 'zod/v4';
