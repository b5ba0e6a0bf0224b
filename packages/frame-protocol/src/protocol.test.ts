// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, frameMessage, sectionClasses, studioMessage } from './index.ts';
import { frameSamples, hero, studioSamples } from './test-fixtures.ts';

const typesOf = (schema: typeof frameMessage | typeof studioMessage) => schema.options.map((option) => option.shape.type.value).sort();

describe('the two unions', () => {
  it('has samples for every message type of each direction', () => {
    expect(typesOf(frameMessage)).toEqual([...new Set(frameSamples.map((m) => m.type))].sort());
    expect(typesOf(studioMessage)).toEqual([...new Set(studioSamples.map((m) => m.type))].sort());
    expect(typesOf(studioMessage)).toEqual([
      'FOCUS_COMPONENT',
      'GET_SECTION_CLASSES',
      'HOVER_COMPONENT',
      'SET_COMPONENT',
      'SET_CREATOR_THEME_CSS',
      'SET_MODE',
      'SET_ORDER',
      'SET_SETTINGS',
    ]);
  });

  it.each(frameSamples.map((m) => [m.type, m] as const))('parses frame message %s unchanged', (_type, message) => {
    expect(frameMessage.parse(structuredClone(message))).toEqual(message);
  });

  it.each(studioSamples.map((m) => [m.type, m] as const))('parses studio message %s unchanged', (_type, message) => {
    expect(studioMessage.parse(structuredClone(message))).toEqual(message);
  });

  it('keeps the directions apart: a studio message is not a frame message and back', () => {
    for (const message of studioSamples) expect(frameMessage.safeParse(message).success).toBe(false);
    for (const message of frameSamples) expect(studioMessage.safeParse(message).success).toBe(false);
  });

  it('carries the protocol version in the first handshake', () => {
    expect(PROTOCOL_VERSION).toBe(2);
    expect(frameMessage.safeParse({ type: 'IFRAME_LOADED', payload: { sectionIds: [] } }).success).toBe(false);
  });
});

// A theme developer's section (docs/sections.md) has a type of its own: the frame must get it, and draw it or a
// placeholder, not drop the message because the store's own types stop at 22.
it('carries a section of a type beyond the store’s 22, as the page document allows', () => {
  const section = { ...hero, type: 23 };
  expect(studioMessage.safeParse({ type: 'SET_COMPONENT', payload: { section } }).success).toBe(true);
  expect(studioMessage.safeParse({ type: 'SET_COMPONENT', payload: { page: { sections: [hero, section] } } }).success).toBe(true);
});

describe('malformed messages are refused', () => {
  const bad: [string, unknown][] = [
    ['an unknown type', { type: 'RUN_SCRIPT', payload: { code: 'alert(1)' } }],
    ['no payload', { type: 'FOCUS_COMPONENT' }],
    ['not an object', 'FOCUS_COMPONENT'],
    ['null', null],
    ['an empty section id', { type: 'FOCUS_COMPONENT', payload: { sectionId: '' } }],
    ['a selector in a section id', { type: 'FOCUS_COMPONENT', payload: { sectionId: 'a"], script' } }],
    ['section type 0', { type: 'SET_COMPONENT', payload: { section: { ...hero, type: 0 } } }],
    ['a fractional section type', { type: 'SET_COMPONENT', payload: { section: { ...hero, type: 6.5 } } }],
    ['settings that are not a record', { type: 'SET_COMPONENT', payload: { section: { id: 'x', type: 6, settings: 'a', style: {} } } }],
    ['a page and a section at once', { type: 'SET_COMPONENT', payload: { page: { sections: [] }, section: hero } }],
    ['neither page nor section', { type: 'SET_COMPONENT', payload: {} }],
    ['settings that are not a record', { type: 'SET_SETTINGS', payload: { settings: ['a'] } }],
    ['css over 500 000 characters', { type: 'SET_CREATOR_THEME_CSS', payload: { css: 'a'.repeat(500_001) } }],
    ['an unknown mode', { type: 'SET_MODE', payload: { mode: 'debug' } }],
    ['a page type 5', { type: 'SET_COMPONENT', payload: { page: { sections: [], pageTypeId: 5 } } }],
    ['a header that is not a section', { type: 'SET_COMPONENT', payload: { page: { sections: [], header: { id: 'h' } } } }],
    ['an order with a bad id', { type: 'SET_ORDER', payload: { sectionIds: ['a', 'b c'] } }],
    ['an order that is not a list', { type: 'SET_ORDER', payload: { sectionIds: 'a,b' } }],
    ['a hover without its id', { type: 'HOVER_COMPONENT', payload: {} }],
  ];
  it.each(bad)('studio message with %s', (_what, data) => {
    expect(studioMessage.safeParse(data).success).toBe(false);
  });

  it('takes css of exactly 500 000 characters', () => {
    expect(studioMessage.safeParse({ type: 'SET_CREATOR_THEME_CSS', payload: { css: 'a'.repeat(500_000) } }).success).toBe(true);
  });

  const badFrame: [string, unknown][] = [
    ['a negative index', { type: 'SECTION_MOVED', payload: { sectionId: 'a', toIndex: -1 } }],
    ['a fractional index', { type: 'SECTION_MOVED', payload: { sectionId: 'a', toIndex: 1.5 } }],
    ['a text that is not a string', { type: 'TEXT_EDITED', payload: { sectionId: 'a', path: 'heading', value: 3 } }],
    ['an empty settings path', { type: 'TEXT_EDITED', payload: { sectionId: 'a', path: '', value: 'x' } }],
    ['classes that are not strings', { type: 'SECTION_CLASSES', payload: { sectionId: 'a', classes: [1] } }],
    ['a protocol version 0', { type: 'IFRAME_LOADED', payload: { protocolVersion: 0, sectionIds: [] } }],
    ['a key press without its modifiers', { type: 'KEY_PRESSED', payload: { key: 'z' } }],
    ['an empty key', { type: 'KEY_PRESSED', payload: { key: '', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false } }],
  ];
  it.each(badFrame)('frame message with %s', (_what, data) => {
    expect(frameMessage.safeParse(data).success).toBe(false);
  });
});

describe('sectionClasses', () => {
  it('leaves out every class starting with wxb- and keeps the rest in order', () => {
    const element = document.createElement('section');
    element.className = 'wxb-selected hero wxb-hover hero--dark xwxb-kept wxb';
    expect(sectionClasses(element)).toEqual(['hero', 'hero--dark', 'xwxb-kept', 'wxb']);
  });

  it('gives an empty list for an element without classes', () => {
    expect(sectionClasses(document.createElement('div'))).toEqual([]);
  });

  it('answers GET_SECTION_CLASSES with a valid SECTION_CLASSES message', () => {
    const element = document.createElement('section');
    element.className = 'wxb-outline grid';
    const answer = { type: 'SECTION_CLASSES', payload: { sectionId: 'hero', classes: sectionClasses(element) } };
    expect(frameMessage.parse(answer)).toEqual({ type: 'SECTION_CLASSES', payload: { sectionId: 'hero', classes: ['grid'] } });
  });
});
