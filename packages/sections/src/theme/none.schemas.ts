/** A theme's own section schemas, by type id: none unless the build names a theme (docs/sections.md, "In a theme"). */
export const themeSchemas = {};
