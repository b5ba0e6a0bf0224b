import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileTheme } from './theme.ts';
import { createThemeCompiler } from './compiler.client.ts';
import { exposeThemeCompiler } from './worker.ts';

const settings = { fonts: { heading: 'Merriweather', body: 'Nunito', baseSize: 16 }, corners: 'rounded' };

describe('without Web Workers (the server, tests)', () => {
  it('compiles on the calling thread', async () => {
    expect(typeof Worker).toBe('undefined');
    const compiler = createThemeCompiler();
    await expect(compiler.compile(settings)).resolves.toEqual(compileTheme(settings));
    await expect(compiler.compile('nonsense')).resolves.toMatchObject({ problems: [{ path: '' }] });
  });

  it('refuses to compile once disposed', async () => {
    const compiler = createThemeCompiler();
    compiler.dispose();
    await expect(compiler.compile(settings)).rejects.toThrow('disposed');
  });
});

/** A Worker whose other side is a MessagePort in this thread, running the real worker module's API (or nothing). */
class PortWorker {
  static started: PortWorker[] = [];
  static answers = true;
  readonly channel = new MessageChannel();
  readonly errorListeners: ((event: Event) => void)[] = [];
  posted = 0;
  terminated = false;

  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    if (PortWorker.answers) exposeThemeCompiler(this.channel.port1);
    PortWorker.started.push(this);
  }
  postMessage(message: unknown, transfer: Transferable[] = []) {
    this.posted++;
    this.channel.port2.postMessage(message, transfer);
  }
  addEventListener(type: string, listener: (event: Event) => void) {
    if (type === 'error') this.errorListeners.push(listener);
    else this.channel.port2.addEventListener(type, listener as EventListener);
  }
  removeEventListener(type: string, listener: (event: Event) => void) {
    if (type !== 'error') this.channel.port2.removeEventListener(type, listener as EventListener);
  }
  start() {
    this.channel.port2.start();
  }
  terminate() {
    this.terminated = true;
    this.channel.port1.close();
    this.channel.port2.close();
  }
  /** What a browser does when the worker script fails to load or throws. */
  fail() {
    for (const listener of this.errorListeners) listener(new Event('error'));
  }
}

describe('with Web Workers', () => {
  afterEach(() => {
    for (const worker of PortWorker.started.splice(0)) worker.terminate();
    PortWorker.answers = true;
    vi.unstubAllGlobals();
  });

  it('starts worker.ts as a module worker and compiles there', async () => {
    vi.stubGlobal('Worker', PortWorker);
    const compiler = createThemeCompiler();
    const [worker] = PortWorker.started;
    expect(worker?.url.href).toMatch(/\/theme-engine\/src\/worker\.ts$/);
    expect(worker?.options).toEqual({ type: 'module' });
    await expect(compiler.compile(settings)).resolves.toEqual(compileTheme(settings));
    expect(worker?.posted).toBeGreaterThan(0);
    compiler.dispose();
    expect(worker?.terminated).toBe(true);
  });

  it('compiles on the calling thread when the worker fails, settling calls already waiting', async () => {
    PortWorker.answers = false;
    vi.stubGlobal('Worker', PortWorker);
    const compiler = createThemeCompiler();
    const waiting = compiler.compile(settings);
    PortWorker.started[0]?.fail();
    await expect(waiting).resolves.toEqual(compileTheme(settings));
    expect(PortWorker.started[0]?.terminated).toBe(true);
    await expect(compiler.compile({ corners: 'rounded' })).resolves.toEqual(compileTheme({ corners: 'rounded' }));
  });

  it('rejects waiting and later calls once disposed, and stops the worker', async () => {
    PortWorker.answers = false;
    vi.stubGlobal('Worker', PortWorker);
    const compiler = createThemeCompiler();
    const waiting = compiler.compile(settings);
    compiler.dispose();
    await expect(waiting).rejects.toThrow('disposed');
    await expect(compiler.compile(settings)).rejects.toThrow('disposed');
    expect(PortWorker.started[0]?.terminated).toBe(true);
  });
});
