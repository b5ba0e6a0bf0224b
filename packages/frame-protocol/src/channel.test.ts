// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createChannel,
  createFrameChannel,
  createStudioChannel,
  studioMessage,
  type Channel,
  type FrameMessage,
  type RejectReason,
  type StudioMessage,
} from './index.ts';
import { frameSamples, hero, studioSamples } from './test-fixtures.ts';

const STUDIO_ORIGIN = 'https://studio.vitrine.test';
const FRAME_ORIGIN = 'https://shop.vitrine.test';

type FakeWindow = EventTarget & { origin: string; postMessage: ReturnType<typeof vi.fn> };

/** A window of another origin: its location cannot be read, and it receives posts as a browser does (see `link`). */
function fakeWindow(origin: string): FakeWindow {
  const window = Object.assign(new EventTarget(), { origin, postMessage: vi.fn() });
  return Object.defineProperty(window, 'location', {
    get: () => {
      throw new DOMException('Blocked a frame from accessing a cross-origin frame.', 'SecurityError');
    },
  });
}

/** A window whose document can be reached, as one of the caller's own origin can: its location, events and cloning. */
function reachableWindow(origin: string): FakeWindow {
  return Object.assign(new EventTarget(), { origin, location: { origin }, MessageEvent, structuredClone, postMessage: vi.fn() });
}

/** Posts a browser queues: dropped unless the target origin is the receiver's, then a clone arrives on a later task
 *  stamped with the sender's origin and window. */
function link(from: FakeWindow, to: FakeWindow): void {
  to.postMessage.mockImplementation((data: unknown, targetOrigin: string) => {
    if (targetOrigin !== '*' && targetOrigin !== to.origin) return;
    const clone = structuredClone(data);
    setTimeout(() => to.dispatchEvent(new MessageEvent('message', { data: clone, origin: from.origin, source: from as never })));
  });
}
const asWindow = (w: FakeWindow) => w as unknown as Window;
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

const open: Channel<unknown>[] = [];
afterEach(() => {
  for (const channel of open.splice(0)) channel.close();
  vi.restoreAllMocks();
});

/** A studio and a frame wired to each other, each recording what it accepts. */
function pair() {
  const studioWindow = fakeWindow(STUDIO_ORIGIN);
  const frameWindow = fakeWindow(FRAME_ORIGIN);
  link(studioWindow, frameWindow);
  link(frameWindow, studioWindow);
  const atStudio: FrameMessage[] = [];
  const atFrame: StudioMessage[] = [];
  const studio = createStudioChannel({
    self: asWindow(studioWindow),
    peer: () => asWindow(frameWindow),
    peerOrigin: FRAME_ORIGIN,
    onMessage: (m) => atStudio.push(m),
  });
  const frame = createFrameChannel({
    self: asWindow(frameWindow),
    peer: () => asWindow(studioWindow),
    peerOrigin: STUDIO_ORIGIN,
    onMessage: (m) => atFrame.push(m),
  });
  open.push(studio, frame);
  return { studio, frame, studioWindow, frameWindow, atStudio, atFrame };
}

describe('send → receive', () => {
  it.each(studioSamples.map((m) => [m.type, m] as const))('delivers studio message %s to the frame', async (_t, message) => {
    const { studio, atFrame, atStudio } = pair();
    expect(studio.send(message)).toBe(true);
    await nextTask();
    expect(atFrame).toEqual([message]);
    expect(atStudio).toEqual([]);
  });

  it.each(frameSamples.map((m) => [m.type, m] as const))('delivers frame message %s to the studio', async (_t, message) => {
    const { frame, atStudio, atFrame } = pair();
    expect(frame.send(message)).toBe(true);
    await nextTask();
    expect(atStudio).toEqual([message]);
    expect(atFrame).toEqual([]);
  });

  it("posts with the peer's exact origin as target origin, never '*'", () => {
    const { studio, frame, studioWindow, frameWindow } = pair();
    const focus: StudioMessage = { type: 'FOCUS_COMPONENT', payload: { sectionId: hero.id } };
    const selected: FrameMessage = { type: 'SECTION_SELECTED', payload: { sectionId: hero.id } };
    studio.send(focus);
    frame.send(selected);
    expect(frameWindow.postMessage).toHaveBeenCalledExactlyOnceWith(focus, FRAME_ORIGIN);
    expect(studioWindow.postMessage).toHaveBeenCalledExactlyOnceWith(selected, STUDIO_ORIGIN);
  });

  it('delivers messages in the order they were sent and counts nothing when all is well', async () => {
    const { studio, frame, atFrame } = pair();
    for (const message of studioSamples) studio.send(message);
    await nextTask();
    expect(atFrame).toEqual(studioSamples);
    expect(frame.rejected).toEqual({ origin: 0, source: 0, schema: 0 });
  });
});

describe('a peer of the same origin', () => {
  const ORIGIN = 'https://shop.vitrine.test';

  /** The studio at /editor and its frame at /preview: one origin, each able to reach the other's document. */
  function sameOriginPair(frameWindow = reachableWindow(ORIGIN)) {
    const studioWindow = reachableWindow(ORIGIN);
    link(studioWindow, frameWindow);
    const atFrame: StudioMessage[] = [];
    const studio = createStudioChannel({
      self: asWindow(studioWindow),
      peer: () => asWindow(frameWindow),
      peerOrigin: ORIGIN,
      onMessage: () => {},
    });
    const frame = createFrameChannel({
      self: asWindow(frameWindow),
      peer: () => asWindow(studioWindow),
      peerOrigin: ORIGIN,
      onMessage: (m) => atFrame.push(m),
    });
    open.push(studio, frame);
    return { studio, frame, studioWindow, frameWindow, atFrame };
  }

  it('gets each message at once, not a task later, and not by postMessage', () => {
    const { studio, frame, frameWindow, atFrame } = sameOriginPair();
    for (const message of studioSamples) expect(studio.send(message)).toBe(true);
    expect(atFrame).toEqual(studioSamples);
    expect(frameWindow.postMessage).not.toHaveBeenCalled();
    // Accepted, so stamped with the studio's origin and window, as a posted message is.
    expect(frame.rejected).toEqual({ origin: 0, source: 0, schema: 0 });
  });

  it("gets a copy, as a post would give it, never the sender's object", () => {
    const { studio, atFrame } = sameOriginPair();
    const message: StudioMessage = { type: 'SET_COMPONENT', payload: { section: structuredClone(hero) } };
    studio.send(message);
    expect(atFrame[0]).toEqual(message);
    expect(atFrame[0]).not.toBe(message);
    (message.payload as { section: { settings: Record<string, unknown> } }).section.settings['heading'] = 'Changed later';
    expect(atFrame[0]).toEqual({ type: 'SET_COMPONENT', payload: { section: hero } });
  });

  it('checks what arrives this way like any post: a message of the wrong shape is dropped and counted', () => {
    const { studio, frame, atFrame } = sameOriginPair();
    studio.send({ type: 'SET_MODE', payload: { mode: 'debug' } } as never);
    expect(atFrame).toEqual([]);
    expect(frame.rejected).toEqual({ origin: 0, source: 0, schema: 1 });
  });

  it('is posted to, with its origin as target, once it has navigated to another origin', async () => {
    const { studio, frameWindow, atFrame } = sameOriginPair(reachableWindow('https://evil.test'));
    const focus: StudioMessage = { type: 'FOCUS_COMPONENT', payload: { sectionId: hero.id } };
    studio.send(focus);
    expect(frameWindow.postMessage).toHaveBeenCalledExactlyOnceWith(focus, ORIGIN);
    await nextTask();
    // The browser drops a post whose target origin is not the window's.
    expect(atFrame).toEqual([]);
  });
});

describe('what the frame ignores', () => {
  // The frame listens on the real jsdom window; messages are dispatched on it as the browser would.
  const studioWindow = fakeWindow(STUDIO_ORIGIN);
  const valid: StudioMessage = { type: 'SET_MODE', payload: { mode: 'view' } };
  const dispatch = (data: unknown, origin = STUDIO_ORIGIN, source: unknown = studioWindow) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as never }));

  function frameOnWindow(peer: () => Window | null = () => asWindow(studioWindow)) {
    const onMessage = vi.fn<(m: StudioMessage) => void>();
    const onRejected = vi.fn<(reason: RejectReason, event: MessageEvent) => void>();
    const channel = createFrameChannel({ self: window, peer, peerOrigin: STUDIO_ORIGIN, onMessage, onRejected });
    open.push(channel);
    return { channel, onMessage, onRejected };
  }

  it('accepts a valid message from the studio window at the studio origin', () => {
    const { channel, onMessage, onRejected } = frameOnWindow();
    dispatch(valid);
    expect(onMessage).toHaveBeenCalledExactlyOnceWith(valid);
    expect(onRejected).not.toHaveBeenCalled();
    expect(channel.rejected).toEqual({ origin: 0, source: 0, schema: 0 });
  });

  it.each([
    ['another site', 'https://evil.test'],
    ['the same host on http', 'http://studio.vitrine.test'],
    ['a sandboxed frame', 'null'],
    ['no origin', ''],
  ])('a message from %s, counted as origin', (_what, origin) => {
    const { channel, onMessage, onRejected } = frameOnWindow();
    dispatch(valid, origin);
    expect(onMessage).not.toHaveBeenCalled();
    expect(channel.rejected).toEqual({ origin: 1, source: 0, schema: 0 });
    expect(onRejected).toHaveBeenCalledExactlyOnceWith('origin', expect.objectContaining({ origin }));
  });

  it('a message at the right origin from another window, counted as source', () => {
    const { channel, onMessage, onRejected } = frameOnWindow();
    dispatch(valid, STUDIO_ORIGIN, fakeWindow(STUDIO_ORIGIN));
    dispatch(valid, STUDIO_ORIGIN, null);
    expect(onMessage).not.toHaveBeenCalled();
    expect(channel.rejected).toEqual({ origin: 0, source: 2, schema: 0 });
    expect(onRejected.mock.calls.map(([reason]) => reason)).toEqual(['source', 'source']);
  });

  it('any message while there is no peer window, counted as source', () => {
    const { channel, onMessage } = frameOnWindow(() => null);
    dispatch(valid);
    expect(onMessage).not.toHaveBeenCalled();
    expect(channel.rejected.source).toBe(1);
  });

  it.each([
    ['an unknown type', { type: 'EVAL', payload: { code: 'alert(1)' } }],
    ['a malformed payload', { type: 'SET_MODE', payload: { mode: 'debug' } }],
    ['a section of type 0', { type: 'SET_COMPONENT', payload: { section: { ...hero, type: 0 } } }],
    ['a frame-direction message', { type: 'SECTION_SELECTED', payload: { sectionId: 'a' } }],
    ['a bare string', 'SET_MODE'],
    ['null', null],
  ])('%s, counted as schema', (_what, data) => {
    const { channel, onMessage, onRejected } = frameOnWindow();
    expect(() => dispatch(data)).not.toThrow();
    expect(onMessage).not.toHaveBeenCalled();
    expect(channel.rejected).toEqual({ origin: 0, source: 0, schema: 1 });
    expect(onRejected).toHaveBeenCalledExactlyOnceWith('schema', expect.objectContaining({ data }));
  });

  it('keeps delivering valid messages after rejecting others', () => {
    const { channel, onMessage } = frameOnWindow();
    dispatch(valid, 'https://evil.test');
    dispatch({ type: 'NOPE', payload: {} });
    dispatch(valid, STUDIO_ORIGIN, null);
    dispatch(valid);
    expect(onMessage).toHaveBeenCalledExactlyOnceWith(valid);
    expect(channel.rejected).toEqual({ origin: 1, source: 1, schema: 1 });
  });

  it('goes on after a handler throws, and logs the error', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen: string[] = [];
    const channel = createFrameChannel({
      self: window,
      peer: () => asWindow(studioWindow),
      peerOrigin: STUDIO_ORIGIN,
      onMessage: (m) => {
        seen.push(m.type);
        if (m.type === 'FOCUS_COMPONENT') throw new Error('no such section');
      },
    });
    open.push(channel);
    expect(() => dispatch({ type: 'FOCUS_COMPONENT', payload: { sectionId: 'gone' } })).not.toThrow();
    dispatch(valid);
    expect(seen).toEqual(['FOCUS_COMPONENT', 'SET_MODE']);
    expect(logged).toHaveBeenCalledWith('[frame-protocol] message handler threw', expect.any(Error));
  });

  it('goes on after onRejected throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onMessage = vi.fn();
    const channel = createFrameChannel({
      self: window,
      peer: () => asWindow(studioWindow),
      peerOrigin: STUDIO_ORIGIN,
      onMessage,
      onRejected: () => {
        throw new Error('logger down');
      },
    });
    open.push(channel);
    expect(() => dispatch(valid, 'https://evil.test')).not.toThrow();
    dispatch(valid);
    expect(onMessage).toHaveBeenCalledOnce();
    expect(channel.rejected.origin).toBe(1);
  });

  it('hears nothing and sends nothing once closed', () => {
    const { channel, onMessage } = frameOnWindow();
    channel.close();
    dispatch(valid);
    dispatch(valid, 'https://evil.test');
    expect(onMessage).not.toHaveBeenCalled();
    expect(channel.rejected).toEqual({ origin: 0, source: 0, schema: 0 });
    expect(channel.send({ type: 'SECTION_SELECTED', payload: { sectionId: 'a' } })).toBe(false);
    expect(studioWindow.postMessage).not.toHaveBeenCalled();
  });

  it('hands out a copy of the counts', () => {
    const { channel } = frameOnWindow();
    dispatch(valid, 'https://evil.test');
    (channel.rejected as Record<RejectReason, number>).origin = 0;
    expect(channel.rejected.origin).toBe(1);
  });
});

describe('createChannel', () => {
  it('sends nothing when there is no peer window yet', () => {
    const channel = createStudioChannel({ self: window, peer: () => null, peerOrigin: FRAME_ORIGIN, onMessage: () => {} });
    open.push(channel);
    expect(channel.send({ type: 'SET_MODE', payload: { mode: 'edit' } })).toBe(false);
  });

  it.each(['*', 'null', '', '/', 'https://shop.vitrine.test/', 'https://shop.vitrine.test/preview', 'shop.vitrine.test'])(
    'refuses %j as a peer origin',
    (peerOrigin) => {
      expect(() => createChannel({ self: window, peer: () => null, peerOrigin, receive: studioMessage, onMessage: () => {} })).toThrow(
        TypeError,
      );
    },
  );

  it('takes an origin with a port', () => {
    const channel = createChannel({
      self: window,
      peer: () => null,
      peerOrigin: 'http://localhost:5173',
      receive: studioMessage,
      onMessage: () => {},
    });
    open.push(channel);
    expect(channel.rejected).toEqual({ origin: 0, source: 0, schema: 0 });
  });
});
