import { classifyLink } from '@vitrine/renderer';

/** An owner's text split at blank lines, for one `<p>` each. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The non-blank lines of an owner's text: a list the owner typed one item per line (features, options). */
export function linesOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * Links typed one per line as `Label | address`. A line whose address the navigation helper would not follow
 * (§5: only http, https, paths and anchors) is left out rather than drawn as a dead link.
 */
export function linkLinesOf(text: string): { label: string; href: string }[] {
  return linesOf(text).flatMap((line) => {
    const bar = line.lastIndexOf('|');
    if (bar < 0) return [];
    const label = line.slice(0, bar).trim();
    const href = line.slice(bar + 1).trim();
    return label && classifyLink(href).kind !== 'invalid' ? [{ label, href }] : [];
  });
}

/** A calendar date `YYYY-MM-DD` written out in words, the same on the server and in the browser (UTC, en-US). */
export function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  if (!year || !month || !day) return isoDate;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, day));
}
