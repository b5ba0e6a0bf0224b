import { z } from 'zod';

const color = z.union([z.literal(''), z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/)]);

/** The style settings every section takes (§3.10). */
export const sectionStyle = z.object({
  section_width: z.enum(['default', 'fluid', 'stretched', 'full']).default('default'),
  background_color: color.default(''),
  background_image: z.string().max(2048).default(''),
  is_parallax: z.boolean().default(false),
  /** Padding in px; null keeps the theme's section spacing. */
  padding_top: z.number().int().min(0).max(400).nullable().default(null),
  padding_bottom: z.number().int().min(0).max(400).nullable().default(null),
  alignment: z.enum(['start', 'center', 'end']).default('start'),
  position_x: z.enum(['start', 'center', 'end']).default('center'),
  position_y: z.enum(['start', 'center', 'end']).default('center'),
  button_style: z.enum(['primary', 'secondary', 'outline', 'link']).default('primary'),
  button_size: z.enum(['sm', 'md', 'lg']).default('md'),
  button_space: z.number().int().min(0).max(96).default(12),
  column_spacing: z.number().int().min(0).max(96).default(24),
  is_transparent_header: z.boolean().default(false),
  is_transparent_header_mobile: z.boolean().default(false),
  is_remove_section_space: z.boolean().default(false),
});
export type SectionStyle = z.infer<typeof sectionStyle>;

/** Reads a section's style, falling back to the default for each value that does not fit. */
export function readSectionStyle(raw: unknown): SectionStyle {
  const candidate: Record<string, unknown> = typeof raw === 'object' && raw !== null ? { ...(raw as Record<string, unknown>) } : {};
  for (let attempt = 0; attempt < 4; attempt++) {
    const result = sectionStyle.safeParse(candidate);
    if (result.success) return result.data;
    for (const issue of result.error.issues) delete candidate[String(issue.path[0])];
  }
  return sectionStyle.parse({});
}
