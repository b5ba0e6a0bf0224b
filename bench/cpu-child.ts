// Run by cpu.ts in its own process with NODE_ENV=production (React's production build, as the server runs it):
// the in-process benchmarks, printed as one JSON line for the parent to read.
import { RESULT_MARKER } from './cpu.ts';
import { benchPageRender } from './page-render.tsx';
import { benchThemeCompile } from './theme-compile.ts';

const themes = await benchThemeCompile();
const page = await benchPageRender(100, 60);
process.stdout.write(`${RESULT_MARKER}${JSON.stringify({ themes, page })}\n`);
