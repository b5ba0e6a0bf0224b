/** Layout breakpoints by minimum width in px (§9); the fallback is desktop. */
export const breakpoints = {
  mobile: 320,
  mobileMedium: 375,
  mobileWide: 425,
  tablet: 768,
  desktop: 1024,
  desktopMedium: 1280,
  desktopWide: 1600,
} as const;
/** The name of a layout breakpoint, as the viewport cookie stores it. */
export type BreakpointName = keyof typeof breakpoints;
/** The breakpoint assumed when the viewport is unknown (§9). */
export const FALLBACK_BREAKPOINT: BreakpointName = 'desktop';

/** Image screen breakpoints (§9) used for `srcset`, at densities 1 and 2, as webp. */
export const imageBreakpoints = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536 } as const;
/** The pixel densities every `srcset` offers (§9). */
export const imageDensities = [1, 2] as const;

/** The breakpoint a viewport width falls in. */
export function breakpointFor(width: number): BreakpointName {
  let found: BreakpointName = 'mobile';
  for (const [name, min] of Object.entries(breakpoints) as [BreakpointName, number][]) if (width >= min) found = name;
  return found;
}
