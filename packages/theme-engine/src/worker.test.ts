import { wrap } from 'comlink';
import { afterEach, expect, it, vi } from 'vitest';
import { readThemeSettings } from './settings.ts';
import { compileTheme } from './theme.ts';
import { exposeThemeCompiler, themeCompilerApi, type ThemeCompilerApi } from './worker.ts';

const open: MessagePort[] = [];
function channel(): MessageChannel {
  const c = new MessageChannel();
  open.push(c.port1, c.port2);
  return c;
}

afterEach(() => {
  for (const port of open.splice(0)) port.close();
  vi.unstubAllGlobals();
});

const settings = { fonts: { heading: 'Oswald', body: 'Rubik', baseSize: 15 }, corners: 'rounded', custom_css: '.x{color:red}' };

const compileRemotely = (remote: ThemeCompilerApi | ReturnType<typeof wrap<ThemeCompilerApi>>, input: unknown) => {
  const { settings: read, problems } = readThemeSettings(input);
  return remote.compileSettings(read, problems);
};

it('answers compileSettings over a message port, as it does over the worker scope: what compileTheme gives', async () => {
  const { port1, port2 } = channel();
  exposeThemeCompiler(port1);
  const remote = wrap<ThemeCompilerApi>(port2);
  await expect(compileRemotely(remote, settings)).resolves.toEqual(compileTheme(settings));
  await expect(compileRemotely(remote, { corners: 'wobbly' })).resolves.toMatchObject({ problems: [{ path: 'corners' }] });
});

it('offers compileSettings and nothing else', () => {
  expect(Object.keys(themeCompilerApi)).toEqual(['compileSettings']);
});

it('exposes itself on the worker scope when it is loaded as a worker', async () => {
  const { port1, port2 } = channel();
  // In a worker `self` is the worker's scope; here a port stands in for it.
  vi.stubGlobal(
    'WorkerGlobalScope',
    class {
      static [Symbol.hasInstance](value: unknown) {
        return value === port1;
      }
    },
  );
  vi.stubGlobal('self', port1);
  vi.resetModules();
  await import('./worker.ts');
  const remote = wrap<ThemeCompilerApi>(port2);
  expect((await compileRemotely(remote, settings)).css).toBe(compileTheme(settings).css);
});
