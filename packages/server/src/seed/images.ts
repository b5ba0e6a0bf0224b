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
}

function shapes({ width, height, palette, seed, motif }: DemoPicture): string {
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
