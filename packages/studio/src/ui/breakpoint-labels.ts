import type { BreakpointName } from '@vitrine/theme-engine';

/** The breakpoints of §9 as the switcher labels them. */
export const breakpointLabels: Record<BreakpointName, string> = {
  mobile: 'Mobile',
  mobileMedium: 'Mobile medium',
  mobileWide: 'Mobile wide',
  tablet: 'Tablet',
  desktop: 'Desktop',
  desktopMedium: 'Desktop medium',
  desktopWide: 'Desktop wide',
};
