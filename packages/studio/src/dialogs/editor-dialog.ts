/** The dialogs the editor can show, one at a time. */
export type EditorDialog = 'shortcuts' | 'versions' | 'new-page' | 'page-settings' | null;
