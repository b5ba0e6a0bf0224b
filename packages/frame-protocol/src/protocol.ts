import { z } from 'zod';
import { sectionNode } from '@vitrine/commerce';

/**
 * The postMessage protocol between the studio (parent window, /editor) and the preview frame (iframe at /preview),
 * spec §2.11. One union per direction, keyed on `type`; every message is `{ type, payload }`. The frame opens with
 * IFRAME_LOADED, which carries the protocol version, so a studio can tell a frame from another build apart.
 */

/** The version of this protocol; bump it when a message changes shape, and the studio compares it on IFRAME_LOADED. */
export const PROTOCOL_VERSION = 2;

// Ids end up in DOM lookups on the frame side, so they are held to the page document's id alphabet.
const sectionId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - or _');
const settingsRecord = z.record(z.string(), z.unknown());

// A page's sections as the page document declares them (commerce); the frame re-checks each one's settings against
// the section registry when it renders them, and draws a placeholder for a type it does not know.
const section = sectionNode;

/**
 * A whole page as the frame draws it: the page's sections in order, the theme's header and footer around them, and
 * the page's address and type (§3.15), by which the frame finds what the published page's sections loaded.
 */
const page = z.object({
  sections: z.array(section).max(500),
  header: section.nullable().optional(),
  footer: section.nullable().optional(),
  slug: z.string().max(200).optional(),
  pageTypeId: z.number().int().min(1).max(4).optional(),
});
/** A whole page in SET_COMPONENT. */
export type FramePage = z.infer<typeof page>;

/** A key pressed in the frame, outside in-place text editing, for the studio's shortcuts (Ctrl+Z while the frame has focus). */
const keyPress = z.object({
  key: z.string().min(1).max(32),
  ctrlKey: z.boolean(),
  metaKey: z.boolean(),
  shiftKey: z.boolean(),
  altKey: z.boolean(),
});

// ─── frame → studio ─────────────────────────────────────────────────────────────────────────────────────────────

/** Every message the preview frame may send to the studio. */
export const frameMessage = z.discriminatedUnion('type', [
  /** The first handshake: the frame is ready, speaks this protocol version and shows these sections. */
  z.object({
    type: z.literal('IFRAME_LOADED'),
    payload: z.object({ protocolVersion: z.number().int().min(1), sectionIds: z.array(sectionId).max(500) }),
  }),
  /** The answer to GET_SECTION_CLASSES: the section element's classes, without the editor's own `wxb-` ones. */
  z.object({
    type: z.literal('SECTION_CLASSES'),
    payload: z.object({ sectionId, classes: z.array(z.string().max(256)).max(1000) }),
  }),
  /** The owner clicked a section in the preview. */
  z.object({ type: z.literal('SECTION_SELECTED'), payload: z.object({ sectionId }) }),
  /** The pointer entered a section, or left every section (null). */
  z.object({ type: z.literal('SECTION_HOVERED'), payload: z.object({ sectionId: sectionId.nullable() }) }),
  /** The owner dragged a section to a new position in the page. */
  z.object({
    type: z.literal('SECTION_MOVED'),
    payload: z.object({ sectionId, toIndex: z.number().int().min(0).max(499) }),
  }),
  /** The owner edited text in place; `path` is the settings key the text belongs to. */
  z.object({
    type: z.literal('TEXT_EDITED'),
    payload: z.object({ sectionId, path: z.string().min(1).max(200), value: z.string().max(100_000) }),
  }),
  /** A key pressed in the frame that may be one of the studio's shortcuts. */
  z.object({ type: z.literal('KEY_PRESSED'), payload: keyPress }),
]);
/** A message from the preview frame to the studio. */
export type FrameMessage = z.infer<typeof frameMessage>;

// ─── studio → frame ─────────────────────────────────────────────────────────────────────────────────────────────

/** Every message the studio may send to the preview frame. */
export const studioMessage = z.discriminatedUnion('type', [
  /** Replace the whole page's sections, or one section; strict objects so a payload is one or the other, never both. */
  z.object({
    type: z.literal('SET_COMPONENT'),
    payload: z.union([z.strictObject({ page }), z.strictObject({ section })]),
  }),
  /** Replace the theme settings (§3.8); the theme engine checks them, this only carries them. */
  z.object({ type: z.literal('SET_SETTINGS'), payload: z.object({ settings: settingsRecord }) }),
  /** Scroll to and outline a section. */
  z.object({ type: z.literal('FOCUS_COMPONENT'), payload: z.object({ sectionId }) }),
  /** Ask for a section element's classes; the frame answers with SECTION_CLASSES. */
  z.object({ type: z.literal('GET_SECTION_CLASSES'), payload: z.object({ sectionId }) }),
  /** Replace the creator's custom theme CSS. */
  z.object({ type: z.literal('SET_CREATOR_THEME_CSS'), payload: z.object({ css: z.string().max(500_000) }) }),
  /** The page's sections in a new order (the same ids the frame shows); cheaper than sending the whole page again. */
  z.object({ type: z.literal('SET_ORDER'), payload: z.object({ sectionIds: z.array(sectionId).max(500) }) }),
  /** Outline a section as hovered (the pointer is over its row in the studio's outline), or none. */
  z.object({ type: z.literal('HOVER_COMPONENT'), payload: z.object({ sectionId: sectionId.nullable() }) }),
  /** Switch between editing (selection, hover outlines, inline text) and plain viewing. */
  z.object({ type: z.literal('SET_MODE'), payload: z.object({ mode: z.enum(['edit', 'view']) }) }),
]);
/** A message from the studio to the preview frame. */
export type StudioMessage = z.infer<typeof studioMessage>;

// ─── helpers ────────────────────────────────────────────────────────────────────────────────────────────────────

const editorClassPrefix = 'wxb-';

/** A section element's classes for SECTION_CLASSES, leaving out the editor's own `wxb-` classes (§2.11). */
export function sectionClasses(element: Element): string[] {
  return Array.from(element.classList).filter((name) => !name.startsWith(editorClassPrefix));
}
