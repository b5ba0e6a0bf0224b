// `npm run build` in this package: every weight of the 21 theme fonts cut into its two parts, written to dist/fonts/
// for the server to answer `/fonts/` from (infra/font-parts.ts). About half a minute; turbo keeps the output.
import { FONT_PARTS_DIR, writeFontParts } from './infra/font-parts.ts';

const started = performance.now();
const written = await writeFontParts();
console.log(`font parts: ${written} files in ${FONT_PARTS_DIR} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
