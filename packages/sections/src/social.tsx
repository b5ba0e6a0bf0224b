import { z } from 'zod';
import { socialNetworks, type SocialNetworkId } from '@vitrine/commerce';
import { Link, classifyLink } from '@vitrine/renderer';

/** True for an absolute http or https address, the only links §5 accepts for social profiles. */
export function isHttpUrl(value: string): boolean {
  return classifyLink(value).kind === 'external';
}

/** An owner's link to a profile elsewhere: empty, or an http(s) address; anything else falls back to empty. */
export const profileUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => value === '' || isHttpUrl(value), 'must start with http:// or https://');

/** The social networks 1–10 as select options for the studio. */
/** A social network id 1–10 (commerce's `socialNetworks`). */
export const socialNetworkId = z.number().int().min(1).max(10);

// Simple line glyphs on a 24 × 24 grid: recognisable enough beside the network's name, which is what is announced.
const icons: Record<SocialNetworkId, string> = {
  1: 'M15 4h-2a3 3 0 0 0-3 3v14M7 11h8',
  2: 'M5 4l14 16M19 4 5 20',
  3: 'M20 12a8 8 0 1 1-2.3-5.6M20 12h-7',
  4: 'M6 10v9M6 6v.01M10 19v-9M10 14a4 4 0 0 1 8 0v5',
  5: 'M8 21l3-12M7 10a5 5 0 1 1 5 5h-1',
  6: 'M10 3v14a3 3 0 0 0 3 3h3M7 9h8',
  7: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zM12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM17.5 6.5v.01',
  8: 'M16 12a4 4 0 1 1-4-4 4 4 0 0 1 4 4v1.5a2.5 2.5 0 0 0 5 0V12a9 9 0 1 0-3.5 7.1',
  9: 'M3 8a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3zM10 9l5 3-5 3z',
  10: 'M4 20l1.4-4.2A8 8 0 1 1 8.3 18.6zM9 9c0 3 3 6 6 6',
};

/** A network's glyph; decorative, since the link around it carries the network's name. */
export function SocialIcon({ network, size = 24 }: { network: SocialNetworkId; size?: number }) {
  return (
    <svg className="vt-social-icon" viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path d={icons[network]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const hosts: [RegExp, SocialNetworkId][] = [
  [/(^|\.)(facebook\.com|fb\.com)$/, 1],
  [/(^|\.)(x\.com|twitter\.com)$/, 2],
  [/(^|\.)(google\.com|g\.page)$/, 3],
  [/(^|\.)linkedin\.com$/, 4],
  [/(^|\.)(pinterest\.[a-z.]+|pin\.it)$/, 5],
  [/(^|\.)tumblr\.com$/, 6],
  [/(^|\.)instagram\.com$/, 7],
  [/(^|\.)threads\.(net|com)$/, 8],
  [/(^|\.)(youtube\.com|youtu\.be)$/, 9],
  [/(^|\.)(wa\.me|whatsapp\.com)$/, 10],
];

/** The network an address belongs to, by its host, or `null` for any other site. */
export function networkOfUrl(url: string): SocialNetworkId | null {
  const target = classifyLink(url);
  if (target.kind !== 'external') return null;
  const host = new URL(target.href).hostname.toLowerCase();
  return hosts.find(([pattern]) => pattern.test(host))?.[1] ?? null;
}

/** One profile link: a network id 1–10 and its address. */
export interface SocialLinkItem {
  network: number;
  url: string;
  /** Set when the item is a block, so the studio can find it. */
  blockId?: string;
}

/**
 * A list of profile links drawn as icons, each named by its network for screen readers. Links that are not http(s)
 * are left out (§5), so an owner's typo never becomes a dead or unsafe link.
 */
export function SocialLinks({
  links,
  label,
  iconSize = 24,
  showNames = false,
  className = '',
}: {
  links: readonly SocialLinkItem[];
  /** What the list is, e.g. "Follow us". */
  label: string;
  iconSize?: number;
  showNames?: boolean;
  className?: string;
}) {
  const shown = links.filter((link) => link.network in socialNetworks && isHttpUrl(link.url));
  if (!shown.length) return null;
  return (
    <ul className={`vt-social ${showNames ? 'vt-social-named' : ''} ${className}`.trim()} aria-label={label}>
      {shown.map((link, index) => {
        const network = link.network as SocialNetworkId;
        return (
          <li key={link.blockId ?? index} data-block-id={link.blockId}>
            <Link to={link.url} className="vt-social-link" aria-label={socialNetworks[network]}>
              <SocialIcon network={network} size={iconSize} />
              {showNames ? <span className="vt-social-name">{socialNetworks[network]}</span> : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
