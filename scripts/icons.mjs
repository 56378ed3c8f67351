// `npm run icons`: the icons browsers and phones ask for by name, made from
// public/favicon.svg (the one icon drawn by hand): /favicon.ico (16, 32 and
// 48 px, for browsers and bots that never read the page's links) and
// /apple-touch-icon.png (180 px, opaque: iOS rounds the corners itself and
// fills transparency with black). Both are committed; run this after changing
// the SVG (tests/unit/icons.test.ts checks they still match it).
import { readFileSync, writeFileSync } from 'node:fs'
import icoEndec from 'ico-endec'
import sharp from 'sharp'
import { parseCommandLine } from '../api/command-line.ts'

const publicDir = new URL('../public/', import.meta.url)
export const icoSizes = [16, 32, 48]
export const touchSize = 180
/** The SVG's own background colour: the touch icon's corners, which the SVG leaves transparent. */
export const brandColour = '#F62559'

/** A square PNG of the SVG at `size` px, drawn at that size (crisper than scaling one down). */
export function iconPng(svg, size, background) {
  const image = sharp(svg, { density: (72 * size) / 64 }).resize(size, size)
  return (background ? image.flatten({ background }) : image).png().toBuffer()
}

export async function makeIcons(svg) {
  const ico = icoEndec.encode(await Promise.all(icoSizes.map((size) => iconPng(svg, size))))
  const touch = await iconPng(svg, touchSize, brandColour)
  return { ico, touch }
}

/** The images an ICO file holds. */
export const icoEntries = (ico) => icoEndec.decode(ico)

if (import.meta.url === `file://${process.argv[1]}`) {
  parseCommandLine({
    usage: `Usage: npm run icons
  Makes public/favicon.ico (16, 32 and 48 px) and public/apple-touch-icon.png (180 px) from public/favicon.svg.`,
    options: {},
  })
  console.log(
    'npm run icons on public/ (favicon.svg into favicon.ico and apple-touch-icon.png; no database or data folder)',
  )
  const { ico, touch } = await makeIcons(readFileSync(new URL('favicon.svg', publicDir)))
  writeFileSync(new URL('favicon.ico', publicDir), ico)
  writeFileSync(new URL('apple-touch-icon.png', publicDir), touch)
  console.log(`public/favicon.ico (${ico.length} bytes), public/apple-touch-icon.png (${touch.length} bytes)`)
}
