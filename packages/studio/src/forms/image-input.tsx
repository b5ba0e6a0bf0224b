import { useRef, useState } from 'react';
import { inputClass } from './input-class.ts';
import type { MediaFile } from '../state/media.ts';
import { useMedia } from './media-context.tsx';

/** What a text control passes on to its input: its id and name, and what describes it. */
export type ImageInputProps = {
  id: string;
  name: string;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: true | undefined;
  value: string;
  onChange: (path: string) => void;
};

/** An image's address, typed or chosen: upload a file or pick one from the store's media library. */
export function ImageInput({ value, onChange, ...common }: ImageInputProps) {
  const media = useMedia();
  const fileRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<{ busy: boolean; error: string | null; library: MediaFile[] | null }>({
    busy: false,
    error: null,
    library: null,
  });
  const upload = async (file: File) => {
    setState((s) => ({ ...s, busy: true, error: null }));
    try {
      const saved = await media.upload(file);
      onChange(saved.path);
      setState((s) => ({ ...s, busy: false }));
    } catch (error) {
      setState((s) => ({ ...s, busy: false, error: error instanceof Error ? error.message : 'The upload failed.' }));
    }
  };
  const browse = async () => {
    if (state.library) return setState((s) => ({ ...s, library: null }));
    setState((s) => ({ ...s, busy: true, error: null }));
    try {
      const library = await media.list();
      setState({ busy: false, error: null, library });
    } catch (error) {
      setState({ busy: false, error: error instanceof Error ? error.message : 'The media library could not be loaded.', library: null });
    }
  };
  const smallButton =
    'rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:text-slate-400';
  return (
    <div className="space-y-2">
      <div className="flex gap-2">
        {value ? <img src={value} alt="" className="size-9 shrink-0 rounded border border-slate-200 bg-slate-100 object-cover" /> : null}
        <input
          {...common}
          type="text"
          placeholder="/media/… or https://…"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={inputClass}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={smallButton} disabled={state.busy} onClick={() => fileRef.current?.click()}>
          Upload…
        </button>
        <button
          type="button"
          className={smallButton}
          disabled={state.busy}
          aria-expanded={state.library !== null}
          onClick={() => void browse()}
        >
          {state.library ? 'Close library' : 'Media library'}
        </button>
        {value ? (
          <button type="button" className={smallButton} onClick={() => onChange('')}>
            Remove
          </button>
        ) : null}
        <input
          ref={fileRef}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void upload(file);
          }}
        />
      </div>
      {state.busy ? <p className="text-xs text-slate-500">Working…</p> : null}
      {state.error ? (
        <p role="alert" className="text-xs font-medium text-red-700">
          {state.error}
        </p>
      ) : null}
      {state.library ? (
        state.library.length ? (
          <ul
            className="relative grid max-h-48 grid-cols-4 gap-1.5 overflow-y-auto rounded-md border border-slate-200 p-1.5"
            aria-label="Media library"
          >
            {state.library.map((file) => (
              <li key={file.path}>
                <button
                  type="button"
                  title={file.path}
                  aria-label={`Use ${file.name ?? file.path.split('/').pop()}`}
                  onClick={() => {
                    onChange(file.path);
                    setState((s) => ({ ...s, library: null }));
                  }}
                  className="block aspect-square w-full overflow-hidden rounded border border-slate-200 bg-slate-100 hover:border-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-500"
                >
                  <img src={file.path} alt="" loading="lazy" className="size-full object-cover" />
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-xs text-slate-500">The media library is empty. Upload an image first.</p>
        )
      ) : null}
    </div>
  );
}
