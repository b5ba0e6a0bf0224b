import type { FieldHint } from '@vitrine/sections/schemas';
import type { SectionStyle } from '@vitrine/sections/schemas';

const places = [
  { value: 'start', label: 'Start' },
  { value: 'center', label: 'Center' },
  { value: 'end', label: 'End' },
];

/** How the studio shows each section style setting of §3.10; the schema itself is `sectionStyle` from sections. */
export const styleFields: Record<keyof SectionStyle, FieldHint> = {
  section_width: {
    label: 'Width',
    control: 'select',
    options: [
      { value: 'default', label: 'Default container' },
      { value: 'fluid', label: 'Fluid (wider)' },
      { value: 'stretched', label: 'Stretched (widest container)' },
      { value: 'full', label: 'Full width' },
    ],
  },
  background_color: { label: 'Background colour', control: 'color' },
  background_image: { label: 'Background image', control: 'image' },
  is_parallax: { label: 'Parallax background', control: 'toggle', help: 'The image stays still while the page scrolls' },
  padding_top: { label: 'Space above (px)', control: 'number', min: 0, max: 400, help: 'Empty uses the theme’s section spacing' },
  padding_bottom: { label: 'Space below (px)', control: 'number', min: 0, max: 400, help: 'Empty uses the theme’s section spacing' },
  alignment: { label: 'Text alignment', control: 'select', options: places },
  position_x: { label: 'Content position across', control: 'select', options: places },
  position_y: { label: 'Content position down', control: 'select', options: places },
  button_style: {
    label: 'Button style',
    control: 'select',
    options: [
      { value: 'primary', label: 'Primary' },
      { value: 'secondary', label: 'Secondary' },
      { value: 'outline', label: 'Outline' },
      { value: 'link', label: 'Link' },
    ],
  },
  button_size: {
    label: 'Button size',
    control: 'select',
    options: [
      { value: 'sm', label: 'Small' },
      { value: 'md', label: 'Medium' },
      { value: 'lg', label: 'Large' },
    ],
  },
  button_space: { label: 'Space between buttons', control: 'range', min: 0, max: 96, step: 2 },
  column_spacing: { label: 'Space between columns', control: 'range', min: 0, max: 96, step: 2 },
  is_transparent_header: { label: 'Transparent over the first section', control: 'toggle', help: 'On large screens' },
  is_transparent_header_mobile: { label: 'Transparent on phones', control: 'toggle' },
  is_remove_section_space: { label: 'Remove the space around this section', control: 'toggle' },
};

const headerOnly = new Set<string>(['is_transparent_header', 'is_transparent_header_mobile']);

/** Style settings that mean something for a section type: the transparent-header switches only for the header. */
export function styleFieldApplies(type: number, key: string): boolean {
  return !headerOnly.has(key) || type === 1;
}
