#!/usr/bin/env node
// Fails when a package imports another against the direction of architecture.md, or a browser package imports
// Node built-ins. It reads import specifiers from source, so a break is caught before anything builds.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Which workspace packages each package may import. Nothing imports studio or server. */
const allowed = {
  commerce: [],
  'frame-protocol': ['commerce'],
  'theme-engine': [],
  renderer: [],
  sections: ['commerce', 'renderer', 'theme-engine'],
  storefront: ['commerce', 'frame-protocol', 'renderer', 'sections', 'theme-engine'],
  studio: ['commerce', 'frame-protocol', 'renderer', 'sections', 'theme-engine'],
  server: ['commerce', 'renderer', 'sections', 'storefront', 'theme-engine'],
};
/** Packages that must stay free of React. */
const noReact = new Set(['commerce', 'frame-protocol', 'theme-engine']);
/** Packages that run in the browser and so may not use Node built-ins (server-only files excepted). */
const browser = new Set(['commerce', 'frame-protocol', 'theme-engine', 'renderer', 'sections', 'storefront', 'studio']);
const serverOnly = /(\.server\.tsx?|\/server\.tsx?|entry-server\.tsx)$/;

const root = new URL('..', import.meta.url).pathname;
const problems = [];
/** Relative imports, file → files, for the cycle check (type-only imports count: a cycle of types is a knot too). */
const graph = new Map();

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx)$/.test(name)) yield path;
  }
}

const importPattern = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

for (const pkg of Object.keys(allowed)) {
  const manifest = JSON.parse(readFileSync(join(root, 'packages', pkg, 'package.json'), 'utf8'));
  const declared = new Set(Object.keys(manifest.dependencies ?? {}));
  for (const file of sourceFiles(join(root, 'packages', pkg, 'src'))) {
    const text = readFileSync(file, 'utf8');
    const where = relative(root, file);
    const edges = [];
    graph.set(file, edges);
    for (const match of text.matchAll(importPattern)) {
      const spec = match[1] ?? match[2] ?? match[3];
      if (spec.startsWith('.')) edges.push(resolve(dirname(file), spec));
      if (pkg === 'studio' && /\/src\/state\//.test(file) && spec.startsWith('.') && /\.tsx$/.test(spec)) {
        problems.push(`${where}: the studio's state may not import UI modules (${spec})`);
      }
      const workspace = spec.match(/^@vitrine\/([^/]+)/);
      if (workspace) {
        const target = workspace[1];
        if (target !== pkg && !allowed[pkg].includes(target)) problems.push(`${where}: ${pkg} may not import @vitrine/${target}`);
        if (target !== pkg && !declared.has(`@vitrine/${target}`))
          problems.push(`${where}: @vitrine/${target} is not in ${pkg}'s dependencies`);
      }
      if (noReact.has(pkg) && /^react(-dom)?(\/|$)/.test(spec)) problems.push(`${where}: ${pkg} must not import React`);
      if (browser.has(pkg) && !serverOnly.test(file) && !file.endsWith('.test.ts') && !file.endsWith('.test.tsx') && /^node:/.test(spec)) {
        problems.push(`${where}: ${pkg} runs in the browser and may not import ${spec}`);
      }
    }
  }
}

// Import cycles, found as strongly connected components (Tarjan) of the relative-import graph.
{
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const to of graph.get(file) ?? []) {
      if (!graph.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file), low.get(to)));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file), index.get(to)));
    }
    if (low.get(file) === index.get(file)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1)
        problems.push(
          `import cycle: ${component
            .map((f) => relative(root, f))
            .sort()
            .join(' ↔ ')}`,
        );
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
}

if (problems.length) {
  console.error(`Package boundaries broken (architecture.md):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Package boundaries hold across ${Object.keys(allowed).length} packages; no import cycles in ${graph.size} files.`);
