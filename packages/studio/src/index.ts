export { StudioApp, createStudio } from './studio-app.tsx';
export { paletteEntries } from './palette.ts';
export type { PaletteEntry } from './palette.ts';
export { createEditorStore } from './state/editor-store.ts';
export type { EditorState, EditorStore, SaveState, SaveStatus, Scope, StudioSession } from './state/editor-store.ts';
export { createStudioApi, StudioApiError } from './api/client.ts';
export type { StudioApi } from './api/client.ts';
