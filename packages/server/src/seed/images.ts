import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import sharp from 'sharp';

/** A picture the demo draws for itself (no network): a soft background and a few shapes in a palette. */
export interface DemoPicture {
  width: number;
  height: number;
  palette: readonly [string, string, string];
  /** Varies the composition; the same seed draws the same picture. */
  seed: number;
  motif: 'object' | 'scene' | 'logo';
  /** For a product's picture: its name, which picks the drawing (a mug is drawn as a mug). */
  product?: string;
}

/** Drawings of the things the demo stores sell, on a 100 × 100 grid: main colour, accent, background. */
const drawings: [RegExp, (main: string, accent: string, back: string) => string][] = [
  [
    /mug/i,
    (m, a) =>
      `<rect x="26" y="32" width="40" height="44" rx="6" fill="${m}"/><path d="M66 42h6a10 10 0 0 1 0 20h-6" stroke="${m}" stroke-width="6" fill="none"/><ellipse cx="46" cy="32" rx="20" ry="4" fill="${a}"/>`,
  ],
  [
    /knife/i,
    (m, a) =>
      `<path d="M28 62 L76 36 Q84 33 83 40 L34 68 Z" fill="#c9ced4"/><path d="M12 72 L30 60 L35 68 L17 80 Z" fill="${m}"/><circle cx="21" cy="71" r="1.6" fill="${a}"/><circle cx="27" cy="67" r="1.6" fill="${a}"/>`,
  ],
  [
    /kettle/i,
    (m, a) =>
      `<path d="M28 76 Q22 44 50 40 Q78 44 72 76 Z" fill="${m}"/><path d="M30 60 L12 46 L16 43 L34 53 Z" fill="${m}"/><path d="M34 41 Q50 16 66 41" stroke="${a}" stroke-width="5" fill="none"/>`,
  ],
  [
    /skillet|saucepan|\bpan\b/i,
    (m, _a, b) =>
      `<circle cx="40" cy="56" r="26" fill="${m}"/><circle cx="40" cy="56" r="19" fill="${b}" opacity=".35"/><path d="M64 50 L94 42 L96 49 L67 59 Z" fill="${m}"/>`,
  ],
  [
    /oven|\bpot\b/i,
    (m, a) =>
      `<path d="M20 44 H80 V70 Q80 78 72 78 H28 Q20 78 20 70 Z" fill="${m}"/><ellipse cx="50" cy="42" rx="32" ry="6" fill="${a}"/><rect x="45" y="31" width="10" height="7" rx="2" fill="${a}"/><rect x="10" y="50" width="10" height="6" rx="3" fill="${m}"/><rect x="80" y="50" width="10" height="6" rx="3" fill="${m}"/>`,
  ],
  [
    /board/i,
    (m, a, b) =>
      `<rect x="14" y="30" width="62" height="44" rx="10" fill="${m}"/><rect x="74" y="45" width="16" height="14" rx="5" fill="${m}"/><circle cx="85" cy="52" r="2.5" fill="${b}"/><path d="M22 42 H66 M24 52 H62 M22 62 H64" stroke="${a}" stroke-width="1.5" opacity=".5"/>`,
  ],
  [
    /lamp|pendant|lantern/i,
    (m, a) =>
      `<path d="M32 20 H68 L76 44 H24 Z" fill="${a}"/><rect x="48" y="44" width="4" height="32" fill="${m}"/><ellipse cx="50" cy="78" rx="16" ry="4" fill="${m}"/>`,
  ],
  [
    /vase|planter/i,
    (m, a) =>
      `<path d="M40 20 H60 V28 Q72 40 70 60 Q68 80 50 80 Q32 80 30 60 Q28 40 40 28 Z" fill="${m}"/><rect x="31" y="52" width="38" height="6" fill="${a}" opacity=".8"/>`,
  ],
  [
    /trowel/i,
    (m) =>
      `<path d="M50 18 Q67 30 60 56 L50 63 L40 56 Q33 30 50 18 Z" fill="#c9ced4"/><rect x="48" y="62" width="4" height="8" fill="#9aa1a8"/><rect x="44" y="69" width="12" height="20" rx="5" fill="${m}"/>`,
  ],
  [
    /basket|tote|bag|weekender/i,
    (m, a) =>
      `<path d="M20 44 H80 L73 80 H27 Z" fill="${m}"/><path d="M24 56 H76 M26 67 H74" stroke="${a}" stroke-width="2" opacity=".6"/><path d="M32 44 Q50 12 68 44" stroke="${m}" stroke-width="5" fill="none"/>`,
  ],
  [
    /table|chair/i,
    (m, a) =>
      `<rect x="16" y="38" width="68" height="8" rx="2" fill="${m}"/><rect x="22" y="46" width="5" height="34" fill="${m}"/><rect x="73" y="46" width="5" height="34" fill="${m}"/><rect x="27" y="64" width="46" height="4" fill="${a}" opacity=".7"/>`,
  ],
  [
    /sunglasses|glasses/i,
    (m, a) =>
      `<circle cx="33" cy="52" r="15" fill="${m}" stroke="${a}" stroke-width="3"/><circle cx="67" cy="52" r="15" fill="${m}" stroke="${a}" stroke-width="3"/><path d="M46 48 Q50 44 54 48" stroke="${a}" stroke-width="3" fill="none"/><path d="M18 48 L8 42 M82 48 L92 42" stroke="${a}" stroke-width="3"/>`,
  ],
  [
    /beanie|hat/i,
    (m, a) =>
      `<path d="M24 62 Q24 28 50 28 Q76 28 76 62 Z" fill="${m}"/><rect x="21" y="60" width="58" height="13" rx="3" fill="${a}"/><circle cx="50" cy="24" r="7" fill="${a}"/>`,
  ],
  [
    /belt/i,
    (m, a) =>
      `<rect x="8" y="45" width="84" height="11" rx="2" fill="${m}"/><rect x="40" y="40" width="16" height="21" rx="2" stroke="${a}" stroke-width="3.5" fill="none"/><circle cx="70" cy="50.5" r="1.8" fill="${a}"/><circle cx="78" cy="50.5" r="1.8" fill="${a}"/>`,
  ],
  [
    /sneaker|boot|loafer|espadrille|shoe/i,
    (m, a) =>
      `<path d="M14 62 Q16 42 34 42 Q44 52 60 54 L82 58 Q90 60 88 68 H14 Z" fill="${m}"/><rect x="14" y="67" width="75" height="7" rx="3" fill="${a}"/>`,
  ],
  [
    /dress/i,
    (m, a) =>
      `<path d="M38 16 H62 L60 30 Q66 36 64 44 L82 82 H18 L36 44 Q34 36 40 30 Z" fill="${m}"/><rect x="35" y="42" width="30" height="5" fill="${a}"/>`,
  ],
  [
    /skirt/i,
    (m, a) =>
      `<path d="M34 24 H66 L82 80 H18 Z" fill="${m}"/><rect x="34" y="22" width="32" height="7" fill="${a}"/><path d="M42 30 L36 80 M50 30 V80 M58 30 L64 80" stroke="${a}" stroke-width="1.5" opacity=".5"/>`,
  ],
  [
    /trousers|jeans/i,
    (m, a) => `<path d="M32 22 H68 L73 82 H56 L50 42 L44 82 H27 Z" fill="${m}"/><rect x="32" y="20" width="36" height="6" fill="${a}"/>`,
  ],
  [
    /apron|throw|blanket|cushion|scarf|hammock|towel/i,
    (m, a) =>
      `<rect x="20" y="28" width="60" height="46" rx="4" fill="${m}"/><rect x="20" y="44" width="60" height="9" fill="${a}" opacity=".7"/><path d="M24 74 v6 M32 74 v6 M40 74 v6 M48 74 v6 M56 74 v6 M64 74 v6 M72 74 v6" stroke="${m}" stroke-width="2"/>`,
  ],
  [
    /dress|blouse|shirt|cardigan|sweater|coat|jacket|top/i,
    (m, a) =>
      `<path d="M36 20 L24 25 L10 40 L21 49 L29 42 V82 H71 V42 L79 49 L90 40 L76 25 L64 20 Q50 31 36 20 Z" fill="${m}"/><path d="M36 20 Q50 31 64 20 L60 18 Q50 26 40 18 Z" fill="${a}"/>`,
  ],
];

/** The drawing of a product by its name, on the grid of `unit` centred in the picture; null when none fits. */
function productDrawing(picture: DemoPicture, main: string, accent: string, back: string): string | null {
  const draw = drawings.find(([pattern]) => pattern.test(picture.product ?? ''))?.[1];
  if (!draw) return null;
  const unit = Math.min(picture.width, picture.height) * (picture.seed % 2 ? 0.95 : 0.8);
  const x = (picture.width - unit) / 2;
  const y = (picture.height - unit) / 2;
  return `<g transform="translate(${x} ${y}) scale(${unit / 100})"><ellipse cx="50" cy="86" rx="32" ry="3.5" fill="#000" opacity=".08"/>${draw(main, accent, back)}</g>`;
}

function shapes(picture: DemoPicture): string {
  const { width, height, palette, seed, motif } = picture;
  const [back, main, accent] = palette;
  const r = (n: number) => ((seed * 9301 + n * 49297) % 233280) / 233280;
  const cx = width / 2;
  const cy = height / 2;
  const unit = Math.min(width, height);
  if (motif === 'logo') {
    return `<rect width="${width}" height="${height}" fill="${back}"/>
      <circle cx="${height / 2}" cy="${cy}" r="${height * 0.32}" fill="${main}"/>
      <rect x="${height}" y="${cy - height * 0.12}" width="${width - height * 1.3}" height="${height * 0.24}" rx="${height * 0.12}" fill="${accent}"/>`;
  }
  if (motif === 'scene') {
    return `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${back}"/><stop offset="1" stop-color="${main}"/></linearGradient></defs>
      <rect width="${width}" height="${height}" fill="url(#g)"/>
      <circle cx="${width * (0.7 + r(1) * 0.2)}" cy="${height * 0.3}" r="${unit * 0.18}" fill="${accent}" opacity=".85"/>
      <path d="M0 ${height * 0.75} Q ${width * 0.25} ${height * (0.55 + r(2) * 0.1)} ${width * 0.5} ${height * 0.72} T ${width} ${height * 0.68} V ${height} H 0 Z" fill="${main}" opacity=".9"/>
      <path d="M0 ${height * 0.85} Q ${width * 0.35} ${height * 0.72} ${width * 0.7} ${height * 0.86} T ${width} ${height * 0.8} V ${height} H 0 Z" fill="${back}" opacity=".55"/>`;
  }
  const drawn = productDrawing(picture, main, accent, back);
  if (drawn) return `<rect width="${width}" height="${height}" fill="${back}"/>${drawn}`;
  const kind = seed % 4;
  const body =
    kind === 0
      ? `<circle cx="${cx}" cy="${cy}" r="${unit * 0.3}" fill="${main}"/><circle cx="${cx}" cy="${cy}" r="${unit * 0.18}" fill="${back}" opacity=".6"/>`
      : kind === 1
        ? `<rect x="${cx - unit * 0.22}" y="${cy - unit * 0.3}" width="${unit * 0.44}" height="${unit * 0.6}" rx="${unit * 0.05}" fill="${main}"/><rect x="${cx - unit * 0.12}" y="${cy - unit * 0.38}" width="${unit * 0.24}" height="${unit * 0.1}" rx="${unit * 0.03}" fill="${accent}"/>`
        : kind === 2
          ? `<path d="M${cx - unit * 0.3} ${cy + unit * 0.25} L${cx} ${cy - unit * 0.32} L${cx + unit * 0.3} ${cy + unit * 0.25} Z" fill="${main}"/>`
          : `<ellipse cx="${cx}" cy="${cy + unit * 0.05}" rx="${unit * 0.32}" ry="${unit * 0.22}" fill="${main}"/><rect x="${cx - unit * 0.04}" y="${cy - unit * 0.35}" width="${unit * 0.08}" height="${unit * 0.2}" fill="${accent}"/>`;
  return `<rect width="${width}" height="${height}" fill="${back}"/>
    <ellipse cx="${cx}" cy="${height * 0.86}" rx="${unit * 0.3}" ry="${unit * 0.04}" fill="#000" opacity=".08"/>
    <circle cx="${width * (0.15 + r(3) * 0.2)}" cy="${height * (0.15 + r(4) * 0.15)}" r="${unit * 0.06}" fill="${accent}" opacity=".5"/>
    ${body}`;
}

/** Draws a picture as webp at `path`, unless a file is already there. */
export async function drawPicture(path: string, picture: DemoPicture): Promise<void> {
  if (existsSync(path)) return;
  mkdirSync(dirname(path), { recursive: true });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${picture.width}" height="${picture.height}" viewBox="0 0 ${picture.width} ${picture.height}">${shapes(picture)}</svg>`;
  await sharp(Buffer.from(svg)).webp({ quality: 80 }).toFile(path);
}
