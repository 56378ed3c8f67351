import type { Shape } from './forms.ts'

// Drawings for the demo catalogue: plain SVG, generic fonts, no external resources.

export type Palette = { hue: number; tint: string; main: string; dark: string; light: string }

export function palette(hue: number): Palette {
  return {
    hue,
    tint: `hsl(${hue}, 60%, 94%)`,
    main: `hsl(${hue}, 50%, 48%)`,
    dark: `hsl(${hue}, 45%, 26%)`,
    light: `hsl(${hue}, 70%, 85%)`,
  }
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch]!)

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>\n`

// Each shape fits the 800×800 box above the captions, centred on x = 400.
const shapes: Record<Shape, (fill: string, accent: string) => string> = {
  bottle: (fill, accent) =>
    `<rect x="350" y="130" width="100" height="80" rx="10" fill="${accent}"/>` +
    `<rect x="372" y="205" width="56" height="40" fill="${accent}"/>` +
    `<rect x="250" y="240" width="300" height="330" rx="48" fill="${fill}"/>` +
    `<rect x="300" y="340" width="200" height="120" rx="8" fill="#fff" opacity="0.85"/>`,
  tube: (fill, accent) =>
    `<path d="M270 130 H530 L480 520 H320 Z" fill="${fill}"/>` +
    `<rect x="262" y="118" width="276" height="24" rx="6" fill="${accent}"/>` +
    `<rect x="320" y="520" width="160" height="60" rx="12" fill="${accent}"/>` +
    `<rect x="320" y="250" width="160" height="140" rx="8" fill="#fff" opacity="0.85"/>`,
  spray: (fill, accent) =>
    `<rect x="335" y="140" width="130" height="70" rx="16" fill="${accent}"/>` +
    `<rect x="300" y="205" width="200" height="370" rx="36" fill="${fill}"/>` +
    `<rect x="325" y="320" width="150" height="150" rx="8" fill="#fff" opacity="0.85"/>`,
  jar: (fill, accent) =>
    `<rect x="240" y="270" width="320" height="70" rx="14" fill="${accent}"/>` +
    `<rect x="255" y="335" width="290" height="235" rx="36" fill="${fill}"/>` +
    `<rect x="300" y="400" width="200" height="110" rx="8" fill="#fff" opacity="0.85"/>`,
  bar: (fill, accent) =>
    `<rect x="200" y="330" width="400" height="230" rx="90" fill="${fill}"/>` +
    `<ellipse cx="400" cy="445" rx="130" ry="60" fill="${accent}" opacity="0.5"/>`,
  box: (fill, accent) =>
    `<rect x="220" y="250" width="360" height="320" rx="10" fill="${fill}"/>` +
    `<rect x="200" y="200" width="400" height="70" rx="10" fill="${fill}"/>` +
    `<rect x="375" y="200" width="50" height="370" fill="${accent}"/>` +
    `<path d="M400 200 C340 120 280 150 320 200 Z M400 200 C460 120 520 150 480 200 Z" fill="${accent}"/>`,
  ball: (fill, accent) =>
    `<circle cx="400" cy="400" r="180" fill="${fill}"/>` +
    `<circle cx="340" cy="340" r="22" fill="${accent}"/><circle cx="460" cy="380" r="16" fill="${accent}"/>` +
    `<circle cx="410" cy="480" r="26" fill="${accent}"/><circle cx="320" cy="450" r="12" fill="${accent}"/>`,
}

const caption = (text: string, y: number, size: number, fill: string, weight: string) =>
  `<text x="400" y="${y}" text-anchor="middle" font-family="sans-serif" font-size="${Math.min(size, Math.floor(1300 / Math.max(text.length, 1)))}" font-weight="${weight}" fill="${fill}">${escapeXml(text)}</text>`

/** Picture `n` (1 or 2) of a product line: 1 on a pale ground, 2 reversed on a dark one. */
export function productSvg(shape: Shape, colours: Palette, brand: string, line: string, n: number): string {
  const [ground, fill, accent, ink] =
    n === 1
      ? [colours.tint, colours.main, colours.dark, colours.dark]
      : [colours.dark, colours.light, colours.main, colours.light]
  return svg(
    800,
    800,
    `<rect width="800" height="800" fill="${ground}"/>${shapes[shape](fill, accent)}` +
      caption(brand.toUpperCase(), 670, 48, ink, '700') +
      caption(line, 730, 38, ink, '400'),
  )
}

/** A textless picture (banners, stories, posts): titles are shown by the storefront. */
export function sceneSvg(width: number, height: number, colours: Palette, shape: Shape): string {
  const scale = (Math.min(width, height) / 800) * 0.9
  const x = width * 0.68 - 400 * scale
  const y = height / 2 - 400 * scale
  const second = palette((colours.hue + 40) % 360)
  return svg(
    width,
    height,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colours.tint}"/><stop offset="1" stop-color="${colours.light}"/></linearGradient></defs>` +
      `<rect width="${width}" height="${height}" fill="url(#g)"/>` +
      `<circle cx="${width * 0.82}" cy="${height * 0.2}" r="${Math.min(width, height) * 0.35}" fill="${second.light}" opacity="0.6"/>` +
      `<circle cx="${width * 0.1}" cy="${height * 0.9}" r="${Math.min(width, height) * 0.25}" fill="${colours.main}" opacity="0.15"/>` +
      `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale.toFixed(3)})">${shapes[shape](colours.main, colours.dark)}</g>`,
  )
}
