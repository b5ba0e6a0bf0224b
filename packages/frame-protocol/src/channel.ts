import { type z } from 'zod';
import { frameMessage, studioMessage, type FrameMessage, type StudioMessage } from './protocol.ts';

/** Why a received message was dropped: it came from another origin, another window, or did not match the schema. */
export type RejectReason = 'origin' | 'source' | 'schema';

/** What a channel needs: its own window, the peer window and its exact origin, and what to accept from it. */
export interface ChannelOptions<Receive> {
  /** The window this side listens on. */
  self: Window;
  /** The window at the other end, looked up on each use because an iframe's window changes when it reloads. */
  peer: () => Window | null;
  /** The peer's exact origin (`https://shop.example`): the target origin of every post, the only origin accepted. */
  peerOrigin: string;
  /** The schema every received message must match. */
  receive: z.ZodType<Receive>;
  /** Called with each accepted message; if it throws, the error is logged and the channel goes on. */
  onMessage: (message: Receive) => void;
  /** Called with each dropped message and why, for logging or tests. */
  onRejected?: (reason: RejectReason, event: MessageEvent) => void;
}

/** The options of one side's channel: everything but the schema, which the side fixes. */
export type SideChannelOptions<Receive> = Omit<ChannelOptions<Receive>, 'receive'>;

/** One side's end of the protocol. */
export interface Channel<Send> {
  /**
   * Sends a message to the peer at its origin: at once when the peer's document is of this same origin (see
   * `deliverNow`), else with postMessage. False when there is no peer window or the channel is closed.
   */
  send(message: Send): boolean;
  /** Stops listening; later messages are neither delivered nor counted, and send does nothing. */
  close(): void;
  /** How many received messages were dropped, by reason (a copy). */
  readonly rejected: Readonly<Record<RejectReason, number>>;
}

/**
 * Opens a channel on `self` to `peer()`. Posts use `peerOrigin` as the target origin, never `'*'`; a received message
 * is delivered only when its origin is `peerOrigin`, its source is `peer()` and it matches `receive`. Anything else
 * is dropped and counted, never thrown. Throws only when `peerOrigin` is not an exact origin, a programming error.
 */
export function createChannel<Receive, Send>(options: ChannelOptions<Receive>): Channel<Send> {
  const { self, peer, peerOrigin, receive, onMessage, onRejected } = options;
  assertExactOrigin(peerOrigin);
  const rejected: Record<RejectReason, number> = { origin: 0, source: 0, schema: 0 };
  let closed = false;

  const reject = (reason: RejectReason, event: MessageEvent) => {
    rejected[reason] += 1;
    try {
      onRejected?.(reason, event);
    } catch (error) {
      console.error('[frame-protocol] onRejected threw', error);
    }
  };

  const listener = (event: MessageEvent) => {
    if (event.origin !== peerOrigin) return reject('origin', event);
    const peerWindow = peer();
    if (peerWindow === null || event.source !== peerWindow) return reject('source', event);
    const parsed = receive.safeParse(event.data);
    if (!parsed.success) return reject('schema', event);
    try {
      onMessage(parsed.data);
    } catch (error) {
      // One bad handler run must not deafen the channel to every later message.
      console.error('[frame-protocol] message handler threw', error);
    }
  };
  self.addEventListener('message', listener);

  return {
    send(message) {
      const peerWindow = closed ? null : peer();
      if (peerWindow === null) return false;
      if (!deliverNow(self, peerWindow, peerOrigin, message)) peerWindow.postMessage(message, peerOrigin);
      return true;
    },
    close() {
      closed = true;
      self.removeEventListener('message', listener);
    },
    get rejected() {
      return { ...rejected };
    },
  };
}

/**
 * Delivers a message to a peer whose document is of this same origin, and is `peerOrigin`, as the event postMessage
 * would have queued: a structured clone made in the peer's realm, stamped with this window's origin and this window
 * as its source, so the peer's listener checks it exactly as it checks a posted one. It is dispatched now rather
 * than queued because Chromium holds posted messages after a keystroke until it has drawn the next frame
 * (DeferRendererTasksAfterInput): that wait alone put 8–20 ms between a keystroke in the studio and the preview
 * changing. Only script of the same origin can reach the peer's window this way, the same trust postMessage's origin
 * check gives. False, leaving the message to postMessage, when the peer is of another origin or not `peerOrigin`.
 */
function deliverNow(self: Window, peerWindow: Window, peerOrigin: string, message: unknown): boolean {
  let peer: typeof globalThis;
  try {
    // Reading a cross-origin window's location throws; a peer that has navigated elsewhere reads another origin.
    if (peerWindow.location.origin !== peerOrigin || self.location.origin !== peerOrigin) return false;
    peer = peerWindow as unknown as typeof globalThis;
    if (typeof peer.MessageEvent !== 'function' || typeof peer.structuredClone !== 'function') return false;
  } catch {
    return false;
  }
  const data: unknown = peer.structuredClone(message);
  peerWindow.dispatchEvent(new peer.MessageEvent('message', { data, origin: self.location.origin, source: self }));
  return true;
}

/** The studio's end: receives frame messages, sends studio messages. `peer` is usually `() => iframe.contentWindow`. */
export function createStudioChannel(options: SideChannelOptions<FrameMessage>): Channel<StudioMessage> {
  return createChannel<FrameMessage, StudioMessage>({ ...options, receive: frameMessage });
}

/** The preview frame's end: receives studio messages, sends frame messages. `peer` is usually `() => window.parent`. */
export function createFrameChannel(options: SideChannelOptions<StudioMessage>): Channel<FrameMessage> {
  return createChannel<StudioMessage, FrameMessage>({ ...options, receive: studioMessage });
}

// A trailing slash or a path would never equal `event.origin`, silently dropping every message; '*' and 'null'
// would post to anyone. Both are caught when the channel is made.
function assertExactOrigin(origin: string): void {
  let parsed: string;
  try {
    parsed = new URL(origin).origin;
  } catch {
    parsed = 'null';
  }
  if (parsed === 'null' || parsed !== origin) {
    throw new TypeError(`peerOrigin must be an exact origin such as https://shop.example, got ${JSON.stringify(origin)}`);
  }
}
