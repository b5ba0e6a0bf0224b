import { useCallback, useState, type ReactNode } from 'react';
import { readSectionStyle, sectionSchemas, sectionStyle } from '@vitrine/sections/schemas';
import { useEditor, useStudio } from '../context.tsx';
import { BlocksEditor } from '../forms/blocks-editor.tsx';
import { SettingsForm } from '../forms/settings-form.tsx';
import { styleFieldApplies, styleFields } from '../forms/style-fields.ts';
import { copySection, pasteSection } from '../state/clipboard.ts';
import { deleteSection } from '../state/delete-section.ts';
import { findSection, sectionLabel } from '../state/section-ops.ts';
import { IconButton } from '../ui/button.tsx';
import { NoSectionSelected } from './no-section.tsx';
import { ChevronDownIcon, ChevronUpIcon, CopyIcon, DuplicateIcon, EyeIcon, EyeOffIcon, PasteIcon, TrashIcon } from '../ui/icons.tsx';

/** A titled, collapsible part of a panel. */
export function Group({ title, children, open = true }: { title: string; children: ReactNode; open?: boolean }) {
  return (
    <details open={open} className="group border-b border-slate-200">
      <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-2.5 text-xs font-semibold tracking-wide text-slate-600 uppercase hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500 [&::-webkit-details-marker]:hidden">
        {title}
        <span aria-hidden="true" className="transition-transform group-open:rotate-180">
          <ChevronDownIcon />
        </span>
      </summary>
      <div className="px-4 pt-1 pb-4">{children}</div>
    </details>
  );
}

function CssClasses({ sectionId }: { sectionId: string }) {
  const { frameRef } = useStudio();
  const [classes, setClasses] = useState<{ id: string; list: string[] | null } | null>(null);
  const shown = classes?.id === sectionId ? classes.list : undefined;
  return (
    <div className="space-y-2 text-xs text-slate-600">
      <p>The classes the storefront gives this section, for rules in the theme’s custom CSS.</p>
      <button
        type="button"
        className="rounded-md border border-slate-300 px-2 py-1 font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500"
        onClick={() => void frameRef.current?.sectionClasses(sectionId).then((list) => setClasses({ id: sectionId, list }))}
      >
        Show CSS classes
      </button>
      {shown === null ? <p>The preview did not answer; is it still loading?</p> : null}
      {shown ? (
        <code className="block rounded bg-slate-100 p-2 font-mono break-words text-slate-800">
          {shown.map((c) => `.${c}`).join(' ') || '(none)'}
        </code>
      ) : null}
      <p>
        Its id: <code className="rounded bg-slate-100 px-1 font-mono">#section-{sectionId}</code>
      </p>
    </div>
  );
}

/** The selected section: its actions, its settings form from the registry, its blocks and its style settings. */
export function SectionPanel() {
  const { store } = useStudio();
  const selectedId = useEditor((s) => s.selectedId);
  const section = useEditor((s) => findSection(s.docs, s.selectedId));
  const index = useEditor((s) => s.docs.page?.sections.findIndex((x) => x.id === s.selectedId) ?? -1);
  const count = useEditor((s) => s.docs.page?.sections.length ?? 0);
  const openBlock = useEditor((s) => (s.openBlock?.sectionId === s.selectedId ? s.openBlock : null));
  // Lasting handlers, so the forms redraw only the field being changed.
  const setSetting = useCallback(
    (key: string, value: unknown) => selectedId && store.getState().setSetting(selectedId, key, value),
    [store, selectedId],
  );
  const setStyle = useCallback(
    (key: string, value: unknown) => selectedId && store.getState().setStyle(selectedId, key, value),
    [store, selectedId],
  );
  if (!section || !selectedId) {
    return <NoSectionSelected />;
  }
  const definition = sectionSchemas[section.type as keyof typeof sectionSchemas];
  const { type } = sectionLabel(section);
  const state = store.getState();
  const inPage = index >= 0;
  if (!definition) {
    return (
      <p className="px-4 py-6 text-sm text-red-700">
        This section’s type ({section.type}) is unknown to this version of the studio. It can be deleted, not edited.
      </p>
    );
  }
  const settings = definition.readSettings(section.settings, section.version);
  const style = readSectionStyle(section.style);
  return (
    // A form of its own: on each keystroke the browser's autofill weighs this section's fields, not every control of
    // the studio (with a 250-row outline, ~1.2 ms a keystroke instead of ~0.8 ms).
    <form key={section.id} data-section-form={section.id} onSubmit={(event) => event.preventDefault()} noValidate>
      <div className="flex items-center gap-1 border-b border-slate-200 px-4 py-2">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-slate-900">{type}</p>
          <p className="text-xs text-slate-500">{inPage ? `Section ${index + 1} of ${count}` : 'Shared by every page'}</p>
        </div>
        {inPage ? (
          <>
            <IconButton label="Move up (Alt+↑)" disabled={index === 0} onClick={() => state.moveSection(section.id, index - 1)}>
              <ChevronUpIcon />
            </IconButton>
            <IconButton label="Move down (Alt+↓)" disabled={index === count - 1} onClick={() => state.moveSection(section.id, index + 1)}>
              <ChevronDownIcon />
            </IconButton>
          </>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-1 border-b border-slate-200 px-3 py-1.5">
        <IconButton
          label={section.hidden ? 'Show (H)' : 'Hide (H)'}
          pressed={Boolean(section.hidden)}
          onClick={() => state.toggleHidden(section.id)}
        >
          {section.hidden ? <EyeOffIcon /> : <EyeIcon />}
        </IconButton>
        {inPage ? (
          <IconButton label="Duplicate (Ctrl+D)" onClick={() => state.duplicateSection(section.id)}>
            <DuplicateIcon />
          </IconButton>
        ) : null}
        <IconButton label="Copy (Ctrl+C)" onClick={() => copySection(store, section.id)}>
          <CopyIcon />
        </IconButton>
        <IconButton label="Paste after this (Ctrl+V)" onClick={() => pasteSection(store)}>
          <PasteIcon />
        </IconButton>
        <span className="flex-1" />
        <IconButton label="Delete (Delete)" onClick={() => deleteSection(store, section.id)} className="hover:text-red-700">
          <TrashIcon />
        </IconButton>
      </div>
      {section.hidden ? (
        <p className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-xs text-amber-900">Hidden: shoppers do not see this section.</p>
      ) : null}
      <Group title="Content">
        <SettingsForm schema={definition.settings} fields={definition.fields} values={settings} onChange={setSetting} />
      </Group>
      {definition.blocks ? (
        <Group title={`${definition.blocks.name.charAt(0).toUpperCase()}${definition.blocks.name.slice(1)}s`}>
          <BlocksEditor
            section={section}
            definition={definition}
            openRequest={openBlock}
            actions={{
              add: () => state.addBlock(section.id),
              remove: (blockId) => state.removeBlock(section.id, blockId),
              move: (from, to) => state.moveBlock(section.id, from, to),
              set: (blockId, key, value) => state.setBlockSetting(section.id, blockId, key, value),
            }}
          />
        </Group>
      ) : null}
      <Group title="Style" open={false}>
        <SettingsForm
          schema={sectionStyle}
          fields={styleFields}
          values={style}
          only={(key) => styleFieldApplies(section.type, key)}
          onChange={setStyle}
        />
      </Group>
      <Group title="Custom CSS hooks" open={false}>
        <CssClasses sectionId={section.id} />
      </Group>
    </form>
  );
}
