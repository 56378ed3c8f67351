import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { brandColour, icoEntries, iconPng, icoSizes, touchSize } from '../../scripts/icons.mjs'

// The icons asked for by name (/favicon.ico, /apple-touch-icon.png) are the
// committed output of `npm run icons` from public/favicon.svg, and still match it.

const read = (name: string) => readFileSync(new URL(`../../public/${name}`, import.meta.url))
const svg = read('favicon.svg')

/** Mean difference per channel (0-255) between two PNGs of one size. */
async function difference(a: Buffer, b: Buffer) {
  const [x, y] = await Promise.all([a, b].map((png) => sharp(png).ensureAlpha().raw().toBuffer()))
  let sum = 0
  for (let i = 0; i < x!.length; i++) sum += Math.abs(x![i]! - y![i]!)
  return sum / x!.length
}

describe('icons', () => {
  test('favicon.ico holds the SVG at 16, 32 and 48 px as PNG', async () => {
    const entries = icoEntries(read('favicon.ico'))
    expect(entries.map((e) => [e.width, e.height, e.imageType])).toEqual(icoSizes.map((s) => [s, s, 'png']))
    for (const entry of entries)
      expect(await difference(entry.imageData, await iconPng(svg, entry.width))).toBeLessThan(2)
  })

  test('apple-touch-icon.png is the SVG at 180 px, opaque, its corners in the brand colour', async () => {
    const touch = read('apple-touch-icon.png')
    const { width, height, hasAlpha } = await sharp(touch).metadata()
    expect([width, height]).toEqual([touchSize, touchSize])
    expect(hasAlpha).toBe(false)
    expect(await difference(touch, await iconPng(svg, touchSize, brandColour))).toBeLessThan(2)
    const corner = await sharp(touch).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer()
    expect(`#${corner.toString('hex').toUpperCase()}`).toBe(brandColour)
  })
})
