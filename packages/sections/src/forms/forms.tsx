import { useId, useRef, type FormEvent } from 'react';
import type { z } from 'zod';
import {
  MAX_FORM_FILE_BYTES,
  choiceFormInputTypes,
  formField,
  formMessages,
  validateFormValues,
  type FormField,
  type SectionNode,
} from '@vitrine/commerce';
import { FieldError, FormOutcome, RequiredMark, useFormSending } from '../form-submit.tsx';
import { SectionShell } from '../section-shell.tsx';
import type { SectionStyle } from '../section-style.ts';
import { linesOf } from '../text.ts';
import { readWithFallback } from '../define-section.ts';
import { sectionComponent } from '../section-component.ts';
import { forms, FORMS_TYPE, fieldBlock } from './forms.schema.ts';

type FieldBlock = z.infer<typeof fieldBlock>;

/** One field on screen: its definition, the block it came from, and the hints that are not part of the definition. */
interface FieldEntry {
  blockId: string;
  field: FormField;
  placeholder: string;
  helpText: string;
}

/**
 * The fields of a forms section's blocks. A block that makes no valid field (no name, a choice field without options)
 * is left out; a repeated name gets a number ("Email 2"), because values are keyed by name.
 */
function fieldEntriesOf(blocks: readonly { id: string; settings: FieldBlock }[]): FieldEntry[] {
  const taken = new Set<string>();
  const entries: FieldEntry[] = [];
  for (const { id, settings } of blocks) {
    const choice = choiceFormInputTypes.includes(settings.input_type);
    const parsed = formField.safeParse({
      fieldName: settings.field_name,
      inputType: settings.input_type,
      isMandatory: settings.is_mandatory ? '1' : '0',
      options: choice ? [...new Set(linesOf(settings.options))].slice(0, 50) : [],
    });
    if (!parsed.success) continue;
    let fieldName = parsed.data.fieldName;
    for (let n = 2; taken.has(fieldName); n++) fieldName = `${parsed.data.fieldName} ${n}`;
    taken.add(fieldName);
    entries.push({ blockId: id, field: { ...parsed.data, fieldName }, placeholder: settings.placeholder, helpText: settings.help_text });
  }
  return entries;
}

/**
 * The field definitions of a forms section (21) as the page stores it, for checking a submission with
 * `validateFormValues`; `null` when the section is not a forms section. The browser form is drawn from the same
 * definitions, so what the shopper fills in and what the server checks cannot drift apart.
 */
export function formFieldsOf(section: Pick<SectionNode, 'type' | 'blocks'>): FormField[] | null {
  if (section.type !== FORMS_TYPE) return null;
  const blocks = (section.blocks ?? []).map((block) => ({ id: block.id, settings: readWithFallback(fieldBlock, block.settings) }));
  return fieldEntriesOf(blocks).map((entry) => entry.field);
}

/** Forms (21): a form the owner builds from fields of six kinds (§3.9); sent with the section's id and checked again by the server. */
export const Forms = sectionComponent(forms, function Forms({ id, settings, style, blocks }) {
  const entries = fieldEntriesOf(blocks);
  return (
    <SectionShell id={id} name="forms" style={style} label={settings.heading || 'Form'}>
      <div className="vt-forms">
        {settings.heading ? <h2 className="vt-h2">{settings.heading}</h2> : null}
        {settings.text ? <p className="vt-forms-text">{settings.text}</p> : null}
        {entries.length ? (
          <DynamicForm
            sectionId={id}
            entries={entries}
            buttonLabel={settings.button_label}
            success={settings.success_message}
            style={style}
          />
        ) : (
          <p className="vt-empty">This form has no fields yet.</p>
        )}
      </div>
    </SectionShell>
  );
});

function DynamicForm({
  sectionId,
  entries,
  buttonLabel,
  success,
  style,
}: {
  sectionId: string;
  entries: readonly FieldEntry[];
  buttonLabel: string;
  success: string;
  style: SectionStyle;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const uid = useId();
  const { status, errors, problem, refuse, send } = useFormSending(formRef);
  const sending = status === 'sending';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = entries.map((entry) => entry.field);
    const { values, fileErrors } = await readFormValues(form, fields);
    const checked = validateFormValues(fields, values);
    if (!checked.ok || Object.keys(fileErrors).length) return refuse({ ...(checked.ok ? {} : checked.errors), ...fileErrors });
    if (await send('form', { sectionId, values: checked.values })) form.reset();
  }

  return (
    <form ref={formRef} className="vt-form" noValidate onSubmit={handleSubmit}>
      {entries.map((entry, index) => (
        <FieldControl key={entry.blockId} entry={entry} id={`${uid}-${index}`} error={errors[entry.field.fieldName]} />
      ))}
      <div className="vt-form-actions">
        <button type="submit" className={`vt-btn vt-btn-${style.button_style} vt-btn-${style.button_size}`} disabled={sending}>
          {sending ? 'Sending…' : buttonLabel}
        </button>
      </div>
      <FormOutcome sent={status === 'sent'} success={success} problem={problem} />
    </form>
  );
}

function FieldControl({ entry, id, error }: { entry: FieldEntry; id: string; error: string | undefined }) {
  const { field, placeholder, helpText, blockId } = entry;
  const required = field.isMandatory === '1';
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [helpText ? helpId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const invalid = error ? true : undefined;
  const hint =
    field.inputType === 'file' ? [helpText, `Up to ${MAX_FORM_FILE_BYTES / 1024 / 1024} MB.`].filter(Boolean).join(' ') : helpText;
  const help = hint ? (
    <p id={helpId} className="vt-field-help">
      {hint}
    </p>
  ) : null;

  if (field.inputType === 'radio' || field.inputType === 'checkbox') {
    return (
      <fieldset className="vt-field vt-choice-group" data-block-id={blockId} aria-describedby={describedBy}>
        <legend>
          {field.fieldName}
          {required ? (
            <>
              {' '}
              <RequiredMark />
              <span className="vt-visually-hidden"> (required)</span>
            </>
          ) : null}
        </legend>
        {field.options.map((option, index) => (
          <label key={option} className="vt-choice">
            <input
              type={field.inputType}
              name={field.fieldName}
              value={option}
              id={`${id}-${index}`}
              // One radio of a required group must be chosen; a checkbox group is required as a whole, said in the legend.
              required={field.inputType === 'radio' && required}
              aria-invalid={invalid}
            />
            <span>{option}</span>
          </label>
        ))}
        {help}
        <FieldError id={errorId} message={error} />
      </fieldset>
    );
  }

  const common = {
    id,
    name: field.fieldName,
    required,
    'aria-invalid': invalid,
    'aria-describedby': describedBy,
  };
  return (
    <div className="vt-field" data-block-id={blockId}>
      <label htmlFor={id}>
        {field.fieldName}
        {required ? (
          <>
            {' '}
            <RequiredMark />
          </>
        ) : null}
      </label>
      {field.inputType === 'textarea' ? (
        <textarea {...common} className="vt-input vt-textarea" rows={5} placeholder={placeholder || undefined} />
      ) : field.inputType === 'dropdown' ? (
        <select {...common} className="vt-input" defaultValue="">
          <option value="">Choose an option</option>
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : field.inputType === 'file' ? (
        <input {...common} type="file" className="vt-file" />
      ) : (
        <input {...common} type="text" className="vt-input" placeholder={placeholder || undefined} />
      )}
      {help}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** Reads a form's values by field name; files are read to base64 here, and ones over the cap are refused unread. */
async function readFormValues(form: HTMLFormElement, fields: readonly FormField[]) {
  const data = new FormData(form);
  const values: Record<string, unknown> = {};
  const fileErrors: Record<string, string> = {};
  for (const { fieldName, inputType } of fields) {
    if (inputType === 'checkbox') {
      values[fieldName] = data.getAll(fieldName).filter((entry) => typeof entry === 'string');
    } else if (inputType === 'file') {
      // Read from the control rather than FormData: an empty file input still puts a nameless file in FormData.
      const input = form.elements.namedItem(fieldName);
      const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
      if (!file || !file.name || file.size === 0) continue;
      if (file.size > MAX_FORM_FILE_BYTES) fileErrors[fieldName] = formMessages.fileTooLarge(fieldName);
      else {
        try {
          values[fieldName] = { name: file.name, base64: await readBase64(file) };
        } catch {
          fileErrors[fieldName] = formMessages.invalid(fieldName);
        }
      }
    } else {
      const value = data.get(fieldName);
      values[fieldName] = typeof value === 'string' ? value : '';
    }
  }
  return { values, fileErrors };
}

function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
