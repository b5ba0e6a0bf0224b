import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

const stub = (file: string) => fileURLToPath(new URL(`./src/build/${file}`, import.meta.url));

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/**
 * The studio reads each section's schema, field hints and blocks from `@vitrine/sections`, whose modules also hold
 * the section's component. The studio never draws a section (the preview frame does), so in the studio's build the
 * `component` of every `defineSection({...})` becomes `() => null` and the bundler drops what only components used
 * (JSX, the product card, the image and link primitives): about 25 KB gzipped. Splitting each section's settings
 * into its own module (style.md: `hero.settings.ts`) would make this unnecessary.
 */
function sectionSchemasOnly(): Plugin {
  return {
    name: 'studio:section-schemas-only',
    enforce: 'post',
    transform(code, id) {
      if (!/[\\/]packages[\\/]sections[\\/]src[\\/].+\.tsx$/.test(id) || !code.includes('defineSection(')) return null;
      const cuts: [number, number][] = [];
      const visit = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(visit);
        if (!node || typeof node !== 'object' || typeof (node as Node).type !== 'string') return;
        const n = node as Node;
        const callee = n.callee as Node | undefined;
        const [spec] = (n.arguments as Node[] | undefined) ?? [];
        if (n.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 'defineSection' && spec?.type === 'ObjectExpression') {
          for (const property of spec.properties as Node[]) {
            const key = property.key as Node | undefined;
            if (property.type === 'Property' && key?.type === 'Identifier' && key.name === 'component') {
              const value = property.value as Node;
              cuts.push([value.start, value.end]);
            }
          }
        }
        for (const value of Object.values(n)) if (value && typeof value === 'object') visit(value);
      };
      visit(this.parse(code));
      if (cuts.length === 0) return null;
      let out = code;
      for (const [start, end] of cuts.sort((a, b) => b[0] - a[0])) out = `${out.slice(0, start)}() => null${out.slice(end)}`;
      return { code: out, map: null };
    },
  };
}

/** Builds the studio, served by the server at /editor. */
export default defineConfig({
  base: '/editor/',
  plugins: [react(), tailwindcss(), sectionSchemasOnly()],
  resolve: {
    conditions: ['vitrine', ...defaultClientConditions],
    // Reached only through the HTML section's loader (run on the server) and the renderer's Link; the studio draws
    // no section.
    alias: [
      { find: /^sanitize-html$/, replacement: stub('stub-sanitize-html.ts') },
      { find: /^react-router-dom$/, replacement: stub('stub-react-router.ts') },
    ],
  },
  worker: { format: 'es' },
  build: { outDir: 'dist', emptyOutDir: true },
});
