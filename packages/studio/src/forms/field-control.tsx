import { memo, useId, useRef, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { classifyLink } from '@vitrine/renderer';
import type { FieldHint } from '@vitrine/sections/schemas';
import { useCatalogue, useCatalogueSource } from './catalogue-context.tsx';
import { CatalogueListPicker, CataloguePicker, noChoiceLabel, type CatalogueKind } from './catalogue-picker.tsx';
import { describeValue, validateValue } from './describe.ts';
import { ImageInput } from './image-input.tsx';
import { inputClass } from './input-class.ts';

export interface FieldControlProps {
  /** The setting's key, for ids and test names. */
  name: string;
  hint: FieldHint;
  schema: z.ZodType;
  value: unknown;
  onChange: (value: unknown) => void;
}

/**
 * Why a link cannot work for a shopper (§5: only http and https leave the store), or null. Empty is no link at all.
 * The same reading as the storefront's navigation helper, so what the studio saves is what the store follows.
 */
export function linkProblem(raw: string): string | null {
  if (raw.trim() === '' || classifyLink(raw).kind !== 'invalid') return null;
  if (/^\s*[a-z][a-z0-9+.-]*:/i.test(raw) && !/^\s*https?:/i.test(raw)) return 'Only http:// and https:// links can be followed.';
  if (/%(?![0-9a-f]{2})/i.test(raw)) return 'A % must start an escape such as %20; write "percent" or leave it out.';
  return 'Use https://…, a page such as /sale, or #section, with no spaces.';
}

interface Pending {
  raw: string;
  error: string;
  /** The stored value when the owner typed what did not fit; once it changes (undo, another edit) the raw text goes. */
  base: unknown;
}

/**
 * One setting's control, chosen by its hint's `control` and checked against its schema: a value the schema takes
 * is stored at once; one it does not stays in the control with the reason beside it, and is never stored.
 */
export const FieldControl = memo(function FieldControl({ name, hint, schema, value, onChange }: FieldControlProps) {
  const id = useId();
  const [pending, setPending] = useState<Pending | null>(null);
  const shape = describeValue(schema);
  const live = pending && Object.is(pending.base, value) ? pending : null;
  const picks = isCatalogueKind(hint.control) ? hint.control : null;
  const source = useCatalogueSource();
  // Categories and brands are loaded once and searched here; products are searched on the server as the owner types.
  const catalogue = useCatalogue(picks === 'category' || picks === 'brand');
  const status = catalogue?.status ?? null;
  const picking = source && (picks === 'product' || (status !== null && status.state !== 'failed')) ? source : null;
  const unpicked = status?.state === 'failed' ? status.message : null;
  // "Leave empty for …" was written for a number box; a picker says it in its first choice instead.
  const help = picking && /^leave empty\b/i.test(hint.help ?? '') ? undefined : hint.help;
  const helpId = help ? `${id}-help` : undefined;
  const unpickedId = unpicked !== null ? `${id}-unpicked` : undefined;
  const errorId = live ? `${id}-error` : undefined;
  const describedBy = [helpId, unpickedId, errorId].filter(Boolean).join(' ') || undefined;

  const commit = (next: unknown, raw: string) => {
    const error = validateValue(schema, next);
    if (error) setPending({ raw, error, base: value });
    else {
      setPending(null);
      if (!Object.is(next, value)) onChange(next);
    }
  };
  const commitNumber = (raw: string) => {
    if (raw.trim() === '') {
      if (shape.nullable) return commit(null, raw);
      if (shape.fallback !== undefined) return commit(shape.fallback, raw);
    }
    commit(Number(raw), raw);
  };
  const common = { id, name, 'aria-describedby': describedBy, 'aria-invalid': live ? true : undefined } as const;
  const text = live ? live.raw : value === null || value === undefined ? '' : String(value);

  let control: ReactNode;
  switch (hint.control) {
    case 'textarea':
      control = (
        <textarea {...common} rows={3} className={inputClass} value={text} onChange={(e) => commit(e.target.value, e.target.value)} />
      );
      break;
    case 'richtext':
      control = <RichText {...common} labelledBy={`${id}-label`} value={text} onChange={(html) => commit(html, html)} />;
      break;
    case 'color':
      control = (
        <ColorInput
          {...common}
          label={hint.label}
          value={text}
          allowsEmpty={Boolean(shape.allowsEmpty)}
          onChange={(hex) => commit(hex, hex)}
        />
      );
      break;
    case 'image':
      control = <ImageInput {...common} value={text} onChange={(path) => commit(path, path)} />;
      break;
    case 'url':
      control = (
        <input
          {...common}
          type="text"
          inputMode="url"
          placeholder="/page, #section or https://…"
          className={inputClass}
          value={text}
          onChange={(e) => {
            const problem = linkProblem(e.target.value);
            if (problem) setPending({ raw: e.target.value, error: problem, base: value });
            else commit(e.target.value, e.target.value);
          }}
        />
      );
      break;
    case 'select': {
      const options = hint.options ?? (shape.options ?? []).map((option) => ({ value: option, label: String(option) }));
      const numeric = options.length > 0 && options.every((o) => typeof o.value === 'number');
      control = (
        <select
          {...common}
          className={inputClass}
          value={String(value ?? '')}
          onChange={(e) => commit(numeric ? Number(e.target.value) : e.target.value, e.target.value)}
        >
          {options.map((option) => (
            <option key={String(option.value)} value={String(option.value)}>
              {option.label}
            </option>
          ))}
        </select>
      );
      break;
    }
    case 'range': {
      const min = hint.min ?? shape.min ?? 0;
      const max = hint.max ?? shape.max ?? 100;
      control = (
        <div className="flex items-center gap-3">
          <input
            {...common}
            type="range"
            min={min}
            max={max}
            step={hint.step ?? 1}
            value={Number(value ?? min)}
            onChange={(e) => commit(Number(e.target.value), e.target.value)}
            className="h-2 flex-1 cursor-pointer accent-indigo-600"
          />
          <output htmlFor={id} className="w-10 text-right text-sm tabular-nums text-slate-700">
            {String(value ?? '')}
          </output>
        </div>
      );
      break;
    }
    case 'toggle':
      return (
        <div className="flex items-start justify-between gap-3 py-1">
          <label htmlFor={id} className="text-sm text-slate-800">
            {hint.label}
            {hint.help ? (
              <span id={helpId} className="mt-0.5 block text-xs text-slate-500">
                {hint.help}
              </span>
            ) : null}
          </label>
          <input
            {...common}
            type="checkbox"
            role="switch"
            checked={value === true}
            onChange={(e) => commit(e.target.checked, String(e.target.checked))}
            className="peer sr-only"
          />
          <span
            aria-hidden="true"
            onClick={() => commit(value !== true, String(value !== true))}
            className="relative mt-0.5 inline-flex h-5 w-9 shrink-0 cursor-pointer rounded-full bg-slate-300 transition-colors peer-checked:bg-indigo-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-500 after:absolute after:top-0.5 after:left-0.5 after:size-4 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-4"
          />
        </div>
      );
    case 'number':
    case 'product':
    case 'category':
    case 'brand': {
      if (picks && picking) {
        const picker = { input: common, kind: picks, catalogue: picking, status: status ?? { state: 'idle' as const } };
        control = hint.multiple ? (
          <CatalogueListPicker
            {...picker}
            value={Array.isArray(value) ? (value as number[]) : []}
            max={hint.max}
            onChange={(next) => commit(next, next.join(','))}
          />
        ) : (
          <CataloguePicker
            {...picker}
            value={typeof value === 'number' ? value : 0}
            noChoice={noChoiceLabel(picks, hint.help)}
            onChange={(next) => commit(next, String(next))}
          />
        );
        break;
      }
      if (picks && hint.multiple) {
        // Without the store's catalogue (outside the editor) the owner can still write the numbers.
        control = (
          <input
            {...common}
            type="text"
            inputMode="numeric"
            placeholder={`${picks.charAt(0).toUpperCase()}${picks.slice(1)} numbers, separated by commas`}
            className={inputClass}
            value={live ? live.raw : Array.isArray(value) ? value.join(', ') : ''}
            onChange={(e) => {
              const raw = e.target.value;
              const ids = raw
                .split(',')
                .map((part) => part.trim())
                .filter(Boolean)
                .map(Number);
              commit(ids, raw);
            }}
          />
        );
        break;
      }
      // Without the store's list (outside the editor, or it failed to load) the owner can still type an id.
      const placeholder = picks ? `${picks.charAt(0).toUpperCase()}${picks.slice(1)} number` : shape.nullable ? 'Theme default' : undefined;
      control = (
        <input
          {...common}
          type="number"
          inputMode="numeric"
          min={hint.min ?? shape.min}
          max={hint.max ?? shape.max}
          step={hint.step ?? (shape.integer ? 1 : 'any')}
          placeholder={placeholder}
          className={inputClass}
          value={live ? live.raw : value === null || value === undefined || (picks && value === 0) ? '' : String(value)}
          onChange={(e) => commitNumber(e.target.value)}
        />
      );
      if (picks && catalogue && unpicked !== null) {
        control = (
          <>
            {control}
            <p id={unpickedId} className="text-xs text-amber-800">
              Could not load the store’s {picks === 'category' ? 'categories' : `${picks}s`} ({unpicked.replace(/\.$/, '')}). Type the{' '}
              {picks} number instead.{' '}
              <button
                type="button"
                onClick={catalogue.retry}
                className="font-medium text-indigo-700 underline hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-500"
              >
                Try again
              </button>
            </p>
          </>
        );
      }
      break;
    }
    case 'text':
    default:
      control = (
        <input
          {...common}
          type="text"
          maxLength={shape.maxLength}
          className={inputClass}
          value={text}
          onChange={(e) => commit(e.target.value, e.target.value)}
        />
      );
  }

  return (
    <div className="space-y-1">
      <label id={`${id}-label`} htmlFor={id} className="block text-xs font-medium text-slate-700">
        {hint.label}
      </label>
      {control}
      {help ? (
        <p id={helpId} className="text-xs text-slate-500">
          {help}
        </p>
      ) : null}
      {live ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-red-700">
          {live.error}
        </p>
      ) : null}
    </div>
  );
});

const isCatalogueKind = (control: FieldHint['control']): control is CatalogueKind =>
  control === 'category' || control === 'brand' || control === 'product';

type Common = { id: string; name: string; 'aria-describedby': string | undefined; 'aria-invalid': true | undefined };

/** A swatch and the hex text of one colour setting; the swatch is named after the setting, as the text box is. */
function ColorInput({
  label,
  value,
  allowsEmpty,
  onChange,
  ...common
}: Common & { label: string; value: string; allowsEmpty: boolean; onChange: (hex: string) => void }) {
  const swatch = /^#[0-9a-fA-F]{6}$/.test(value)
    ? value
    : /^#[0-9a-fA-F]{3}$/.test(value)
      ? `#${[...value.slice(1)].map((c) => c + c).join('')}`
      : '#ffffff';
  return (
    <div className="flex items-center gap-2">
      <input
        type="color"
        aria-label={`${label}: pick a colour`}
        value={swatch.toLowerCase()}
        onChange={(e) => onChange(e.target.value)}
        className="h-8 w-10 shrink-0 cursor-pointer rounded border border-slate-300 bg-white p-0.5"
      />
      <input
        {...common}
        type="text"
        spellCheck={false}
        placeholder={allowsEmpty ? 'None' : '#000000'}
        value={value}
        onChange={(e) => onChange(e.target.value.trim())}
        className={`${inputClass} font-mono`}
      />
      {allowsEmpty && value ? (
        <button
          type="button"
          onClick={() => onChange('')}
          className="shrink-0 rounded px-1.5 py-1 text-xs text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          Clear
        </button>
      ) : null}
    </div>
  );
}

/** A small rich-text box: bold, italic, links and lists, kept as HTML (the storefront sanitizes what it draws). */
function RichText({
  value,
  onChange,
  labelledBy,
  ...common
}: Common & { value: string; labelledBy: string; onChange: (html: string) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = useRef<string | null>(null);
  const setRef = (element: HTMLDivElement | null) => {
    ref.current = element;
    // Written only when the value came from elsewhere (undo, a reload), so typing never moves the caret.
    if (element && shown.current !== value) {
      element.innerHTML = value;
      shown.current = value;
    }
  };
  const run = (command: string, argument?: string) => {
    ref.current?.focus();
    document.execCommand(command, false, argument);
    emit();
  };
  const emit = () => {
    const html = ref.current?.innerHTML ?? '';
    shown.current = html;
    onChange(html);
  };
  const tool =
    'rounded px-2 py-0.5 text-xs font-semibold text-slate-700 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-500';
  return (
    <div className="rounded-md border border-slate-300 bg-white focus-within:border-indigo-500">
      <div role="toolbar" aria-label="Text formatting" className="flex gap-1 border-b border-slate-200 bg-slate-50 px-1 py-1">
        <button type="button" className={tool} onMouseDown={(e) => e.preventDefault()} onClick={() => run('bold')} aria-label="Bold">
          B
        </button>
        <button
          type="button"
          className={`${tool} italic`}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => run('italic')}
          aria-label="Italic"
        >
          I
        </button>
        <button
          type="button"
          className={tool}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => run('insertUnorderedList')}
          aria-label="Bulleted list"
        >
          • List
        </button>
        <button
          type="button"
          className={tool}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            const href = window.prompt('Link address');
            if (href) run('createLink', href);
          }}
          aria-label="Link"
        >
          Link
        </button>
      </div>
      <div
        {...common}
        ref={setRef}
        role="textbox"
        aria-labelledby={labelledBy}
        aria-multiline="true"
        contentEditable
        suppressContentEditableWarning
        onInput={emit}
        className="min-h-20 px-2.5 py-1.5 text-sm focus:outline-none [&_a]:text-indigo-700 [&_a]:underline [&_ul]:list-disc [&_ul]:pl-5"
      />
    </div>
  );
}
