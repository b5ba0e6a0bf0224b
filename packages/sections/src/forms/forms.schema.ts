import { defineSectionSchema } from '../define-section.ts';
import { formInputTypes } from '@vitrine/commerce';
import { z } from 'zod';

export const FORMS_TYPE = 21;

/** A field of the form as the owner edits it; `formFieldsOf` turns it into commerce's `formField` (§3.9). */
export const fieldBlock = z.object({
  field_name: z
    .string()
    .trim()
    .max(80)
    .default('Your name')
    .meta({ label: 'Field name', control: 'text', help: 'Shown as the label and used in messages, e.g. “Name is required”' }),
  input_type: z
    .enum(formInputTypes)
    .default('text')
    .meta({
      label: 'Kind of field',
      control: 'select',
      optionLabels: {
        text: 'Short text',
        textarea: 'Long text',
        radio: 'One choice (radio buttons)',
        checkbox: 'Several choices (checkboxes)',
        dropdown: 'One choice (dropdown)',
        file: 'File upload',
      },
    }),
  is_mandatory: z.boolean().default(false).meta({ label: 'Required', control: 'toggle' }),
  options: z
    .string()
    .max(5000)
    .default('')
    .meta({ label: 'Choices', control: 'textarea', help: 'One per line; for radio buttons, checkboxes and dropdowns' }),
  placeholder: z.string().max(120).default('').meta({ label: 'Hint inside the box', control: 'text', help: 'For short and long text' }),
  help_text: z.string().max(300).default('').meta({ label: 'Help text', control: 'text', help: 'Shown under the field' }),
});

/** Forms (21): a form the owner builds from fields of six kinds (§3.9); sent with the section's id and checked again by the server. */
export const forms = defineSectionSchema({
  type: FORMS_TYPE,
  name: 'forms',
  description: 'A form with the fields you choose; its answers are kept for you',
  icon: 'M5 3h14v18H5zM8 8h8M8 12h8M8 16h5',
  version: 1,
  settings: z.object({
    heading: z.string().max(160).default('Tell us what you need').meta({ label: 'Heading', control: 'text' }),
    text: z.string().max(600).default('').meta({ label: 'Text', control: 'textarea' }),
    button_label: z.string().trim().min(1).max(40).default('Send').meta({ label: 'Button label', control: 'text' }),
    success_message: z
      .string()
      .trim()
      .min(1)
      .max(300)
      .default('Thank you! We have received your answers.')
      .meta({ label: 'Message after sending', control: 'textarea' }),
  }),
  blocks: {
    name: 'field',
    max: 30,
    initial: 3,
    initialSettings: [
      { field_name: 'Name', input_type: 'text', is_mandatory: true },
      { field_name: 'Email', input_type: 'text', is_mandatory: true },
      { field_name: 'Message', input_type: 'textarea', is_mandatory: true },
    ],
    settings: fieldBlock,
  },
});
