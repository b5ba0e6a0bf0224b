import { announcementBar } from '../../../../docs/examples/announcement-bar.schema.ts';

/** The example theme's section schemas (the worked example of docs/sections.md), built with `VITRINE_THEME=example`. */
export const themeSchemas = { 23: announcementBar };
