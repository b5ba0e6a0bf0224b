import { PROTOCOL_VERSION, type FrameMessage, type StudioMessage } from './protocol.ts';

// Sample messages shared by the protocol and channel tests; not part of the public API.

/** A section as the studio holds it, with a temp id and one block. */
export const hero = {
  id: 'temp-a1B2c3D4e5F6',
  type: 6,
  version: 1,
  settings: { heading: 'Welcome' },
  style: { paddingTop: 24 },
  blocks: [{ id: 'slide-1', settings: { image: '/a.jpg' } }],
  hidden: false,
};

/** One valid message of every frame → studio type. */
export const frameSamples: FrameMessage[] = [
  { type: 'IFRAME_LOADED', payload: { protocolVersion: PROTOCOL_VERSION, sectionIds: ['header', hero.id] } },
  { type: 'SECTION_CLASSES', payload: { sectionId: hero.id, classes: ['hero', 'hero--dark'] } },
  { type: 'SECTION_SELECTED', payload: { sectionId: hero.id } },
  { type: 'SECTION_HOVERED', payload: { sectionId: hero.id } },
  { type: 'SECTION_HOVERED', payload: { sectionId: null } },
  { type: 'SECTION_MOVED', payload: { sectionId: hero.id, toIndex: 0 } },
  { type: 'TEXT_EDITED', payload: { sectionId: hero.id, path: 'heading', value: 'Summer sale' } },
  { type: 'KEY_PRESSED', payload: { key: 'z', ctrlKey: true, metaKey: false, shiftKey: false, altKey: false } },
];

/** One valid message of every studio → frame type. */
export const studioSamples: StudioMessage[] = [
  {
    type: 'SET_COMPONENT',
    payload: { page: { slug: 'home', sections: [hero, { id: 'about', type: 7, version: 1, settings: {}, style: {} }] } },
  },
  {
    type: 'SET_COMPONENT',
    payload: {
      page: {
        slug: '',
        pageTypeId: 1,
        sections: [hero],
        header: { id: 'header', type: 1, version: 1, settings: {}, style: {} },
        footer: null,
      },
    },
  },
  { type: 'SET_COMPONENT', payload: { section: hero } },
  { type: 'SET_SETTINGS', payload: { settings: { primary_color: '#112233', rounded_corners: true } } },
  { type: 'FOCUS_COMPONENT', payload: { sectionId: hero.id } },
  { type: 'GET_SECTION_CLASSES', payload: { sectionId: hero.id } },
  { type: 'SET_CREATOR_THEME_CSS', payload: { css: '.hero { color: red }' } },
  { type: 'SET_ORDER', payload: { sectionIds: ['about', hero.id] } },
  { type: 'HOVER_COMPONENT', payload: { sectionId: hero.id } },
  { type: 'HOVER_COMPONENT', payload: { sectionId: null } },
  { type: 'SET_MODE', payload: { mode: 'edit' } },
  { type: 'SET_MODE', payload: { mode: 'view' } },
];
