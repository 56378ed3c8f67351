import { asc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { brands, categories } from '#api/db/schema/index.ts'
import type { TestApi } from './api.ts'

/** A small picture of `format`, made with sharp (each call a different colour, so a different file). */
let hue = 0
export async function testPicture(format: 'jpeg' | 'png' | 'webp', size = { width: 48, height: 36 }) {
  hue = (hue + 47) % 360
  const image = sharp({
    create: { ...size, channels: 3, background: { r: (hue * 7) % 256, g: (hue * 3) % 256, b: hue % 256 } },
  })
  return (format === 'jpeg' ? image.jpeg() : format === 'png' ? image.png() : image.webp()).toBuffer()
}

const types = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const

/** A multipart body with these files as `files`. */
export async function pictureForm(files: Array<'jpeg' | 'png' | 'webp' | { name: string; bytes: Uint8Array }>) {
  const form = new FormData()
  for (const [i, file] of files.entries()) {
    if (typeof file === 'string')
      form.append('files', new Blob([await testPicture(file)], { type: types[file] }), `picture-${i + 1}.${file}`)
    else form.append('files', new Blob([file.bytes as BlobPart]), file.name)
  }
  return form
}

/** A brand and a category of the seeded catalogue. */
export async function catalogueRefs(t: TestApi) {
  const [brand] = await t.database.db.select().from(brands).orderBy(asc(brands.id)).limit(1)
  const rows = await t.database.db.select().from(categories).orderBy(asc(categories.id)).limit(2)
  return { brand: brand!, categories: rows }
}

/** Fields of a valid new product, titled with `word` in both Uzbek scripts and Russian. */
export function productBody(brandId: number, categoryIds: number[], word: { uz: string; sr: string; ru: string }) {
  return {
    title: { uz: `${word.uz} атир суви`, sr: `${word.sr} atir suvi`, ru: `${word.ru} парфюмерная вода` },
    description: { uz: 'Гул ҳиди.', sr: 'Gul hidi.', ru: 'Цветочный аромат.' },
    brand_id: brandId,
    category_ids: categoryIds,
    audience: 'women',
    country: 'uz',
    volume: 50,
    unit: 'ml',
    price: 250_000,
  }
}

export const brandById = async (t: TestApi, id: number) =>
  (await t.database.db.select().from(brands).where(eq(brands.id, id)))[0]!
