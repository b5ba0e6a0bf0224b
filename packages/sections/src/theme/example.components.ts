import { AnnouncementBar } from '../../../../docs/examples/announcement-bar.tsx';

/** The example theme's section components, by the same ids as its schemas. */
export const themeComponents = { 23: AnnouncementBar };
