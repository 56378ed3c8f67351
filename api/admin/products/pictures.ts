import { and, count as count_, eq, max } from 'drizzle-orm'
import type { Context } from 'hono'
import { UPLOAD_BODY_MAX_BYTES } from '#contract/upload-limits.ts'
import { recordAudit } from '../../audit/record.ts'
import { invalidateCatalogue } from '../../catalogue/cache.ts'
import type { Config } from '../../config.ts'
import type { Db, Tx } from '../../db/client.ts'
import { productImages, products } from '../../db/schema/index.ts'
import { limitBody } from '../../http/body-limit.ts'
import type { ApiEnv } from '../../http/context.ts'
import { ApiError, type FieldError } from '../../http/errors.ts'
import type { Lang, Localized } from '../../http/locale.ts'
import { message } from '../../http/messages.ts'
import { eraseUploads } from '../../media/erase.ts'
import { saveOriginal } from '../../media/links.ts'
import { mediaStoreOf } from '../../media/store.ts'
import {
  type CheckedImage,
  checkImage,
  extensionOf,
  normalizedImage,
  pictureFormats,
  randomName,
} from '../../uploads/images.ts'
import type { ProductEditor } from './save.ts'
import { PRODUCT_PICTURES_MAX } from './schemas.ts'

/** Originals are kept at most this many pixels on their longer side (the largest served copy is 960). */
const PICTURE_MAX_SIDE = 2000

/**
 * The most one upload of pictures may carry: what the shop takes of any
 * upload (contract/upload-limits.ts), refused as it is read (413 on `files`).
 */
export const picturesBodyLimit = limitBody(UPLOAD_BODY_MAX_BYTES, (c) => {
  const detail = message(c.get('lang'), 'upload_too_large', { max: Math.floor(UPLOAD_BODY_MAX_BYTES / 1024 / 1024) })
  return new ApiError(413, detail, [{ field: 'files', message: detail }])
})

/** The files of a multipart `files` (or `files[]`) field; empty parts of an untouched file input are dropped. */
export async function readPictureFiles(c: Context<ApiEnv>): Promise<unknown[]> {
  const type = c.req.header('content-type') ?? ''
  if (!/^multipart\/form-data/i.test(type)) return []
  let form: Record<string, unknown>
  try {
    form = (await c.req.parseBody({ all: true })) as Record<string, unknown>
  } catch {
    throw new ApiError(400, message(c.get('lang'), 'invalid_input'))
  }
  const raw = form.files ?? form['files[]']
  return (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter(
    (f) => !(f instanceof Blob && f.size === 0) && f !== '',
  )
}

/** The product row locked for this change; 404 when there is none. */
async function lockProduct(tx: Tx, productId: number, lang: Lang) {
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update')
  if (!row) throw new ApiError(404, message(lang, 'admin_product_not_found'))
}

/** Every file checked first: the errors name each bad file (`files.<n>`), and then nothing is saved. */
async function checkAll(files: unknown[], lang: Lang): Promise<CheckedImage[]> {
  const images: CheckedImage[] = []
  const errors: FieldError[] = []
  for (const [index, file] of files.entries()) {
    const field = `files.${index}`
    try {
      images.push(await checkImage(file, lang, field, pictureFormats))
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      const name = file instanceof File && file.name ? file.name : String(index + 1)
      errors.push({ field, message: message(lang, 'admin_product_picture_file', { name, problem: error.detail }) })
    }
  }
  if (errors.length) throw new ApiError(400, errors.map((e) => e.message).join(' '), errors)
  return images
}

/**
 * Adds pictures after the product's last ones: checked, re-encoded without
 * their metadata, written, then recorded in one transaction (which also
 * re-counts the limit under the product's lock, so two uploads at once cannot
 * pass it). Files written for a refused upload are removed.
 */
export async function addPictures(
  db: Db,
  config: Pick<Config, 'dataDir' | 'media'>,
  input: { productId: number; files: unknown[]; editor: ProductEditor },
  lang: Lang,
) {
  const { productId, files, editor } = input
  if (!files.length) {
    const detail = message(lang, 'admin_product_pictures_none')
    throw new ApiError(400, detail, [{ field: 'files', message: detail }])
  }
  const tooMany = (count: number) => {
    const detail = message(lang, 'admin_product_pictures_max', {
      max: PRODUCT_PICTURES_MAX,
      count,
      added: files.length,
    })
    return new ApiError(400, detail, [{ field: 'files', message: detail }])
  }
  const existing = await db.$count(productImages, eq(productImages.productId, productId))
  if (existing + files.length > PRODUCT_PICTURES_MAX) throw tooMany(existing)
  const images = await checkAll(files, lang)
  const store = mediaStoreOf(config)
  const written: { path: string; width: number; height: number }[] = []
  try {
    for (const image of images) {
      const bytes = await normalizedImage(image, { width: PICTURE_MAX_SIDE, height: PICTURE_MAX_SIDE, fit: 'inside' })
      const path = `products/${productId}/${randomName()}.${extensionOf(image.format)}`
      await saveOriginal(store, path, bytes)
      const scale = Math.min(1, PICTURE_MAX_SIDE / Math.max(image.width, image.height))
      written.push({ path, width: Math.round(image.width * scale), height: Math.round(image.height * scale) })
    }
    await db.transaction(async (tx) => {
      await lockProduct(tx, productId, lang)
      const [{ count, last } = { count: 0, last: null }] = await tx
        .select({ count: count_(), last: max(productImages.position) })
        .from(productImages)
        .where(eq(productImages.productId, productId))
      if (count + written.length > PRODUCT_PICTURES_MAX) throw tooMany(count)
      const start = last === null ? 0 : last + 1
      const rows = await tx
        .insert(productImages)
        .values(written.map((w, i) => ({ productId, position: start + i, ...w })))
        .returning({ id: productImages.id })
      await invalidateCatalogue(db, tx as unknown as Db)
      await recordAudit(tx, {
        ...editor,
        action: 'product.pictures_add',
        entity: 'product',
        entityId: productId,
        after: { picture_ids: rows.map((r) => r.id) },
      })
    })
  } catch (error) {
    await eraseUploads(
      config,
      written.map((w) => w.path),
    )
    throw error
  }
}

/** Puts the product's pictures in this order; `ids` must name each of them once. */
export async function orderPictures(
  db: Db,
  input: { productId: number; ids: number[]; editor: ProductEditor },
  lang: Lang,
) {
  const { productId, ids, editor } = input
  await db.transaction(async (tx) => {
    await lockProduct(tx, productId, lang)
    const current = await tx
      .select({ id: productImages.id, position: productImages.position })
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(productImages.position, productImages.id)
    const known = new Set(current.map((p) => p.id))
    if (new Set(ids).size !== ids.length || ids.length !== known.size || !ids.every((id) => known.has(id))) {
      const detail = message(lang, 'admin_product_picture_order')
      throw new ApiError(400, detail, [{ field: 'ids', message: detail }])
    }
    for (const [position, id] of ids.entries())
      await tx.update(productImages).set({ position }).where(eq(productImages.id, id))
    await invalidateCatalogue(db, tx as unknown as Db)
    const before = current.map((p) => p.id)
    if (JSON.stringify(before) !== JSON.stringify(ids))
      await recordAudit(tx, {
        ...editor,
        action: 'product.pictures_order',
        entity: 'product',
        entityId: productId,
        before: { picture_ids: before },
        after: { picture_ids: ids },
      })
  })
}

async function lockedPicture(tx: Tx, productId: number, pictureId: number, lang: Lang) {
  await lockProduct(tx, productId, lang)
  const [picture] = await tx
    .select()
    .from(productImages)
    .where(and(eq(productImages.id, pictureId), eq(productImages.productId, productId)))
  if (!picture) throw new ApiError(404, message(lang, 'admin_product_picture_not_found'))
  return picture
}

/** Sets a picture's alternative texts; all three empty: the title stands in again. */
export async function setPictureAlt(
  db: Db,
  input: { productId: number; pictureId: number; alt: Localized; editor: ProductEditor },
  lang: Lang,
) {
  const { productId, pictureId, editor } = input
  const alt = input.alt.uz || input.alt.sr || input.alt.ru ? input.alt : null
  await db.transaction(async (tx) => {
    const picture = await lockedPicture(tx, productId, pictureId, lang)
    await tx.update(productImages).set({ alt }).where(eq(productImages.id, pictureId))
    await invalidateCatalogue(db, tx as unknown as Db)
    if (JSON.stringify(picture.alt ?? null) !== JSON.stringify(alt))
      await recordAudit(tx, {
        ...editor,
        action: 'product.picture_alt',
        entity: 'product',
        entityId: productId,
        before: { picture_id: pictureId, alt: picture.alt ?? null },
        after: { picture_id: pictureId, alt },
      })
  })
}

/** Removes a picture; its file and sized copies go once the row is gone. */
export async function deletePicture(
  db: Db,
  config: Pick<Config, 'dataDir' | 'media'>,
  input: { productId: number; pictureId: number; editor: ProductEditor },
  lang: Lang,
) {
  const { productId, pictureId, editor } = input
  const removed = await db.transaction(async (tx) => {
    const picture = await lockedPicture(tx, productId, pictureId, lang)
    await tx.delete(productImages).where(eq(productImages.id, pictureId))
    await invalidateCatalogue(db, tx as unknown as Db)
    await recordAudit(tx, {
      ...editor,
      action: 'product.picture_delete',
      entity: 'product',
      entityId: productId,
      before: { picture_id: pictureId, path: picture.path, alt: picture.alt ?? null },
    })
    return picture.path
  })
  // Seed pictures are shared by several products of a line: only a product's own upload is erased.
  const [stillUsed] = await db
    .select({ id: productImages.id })
    .from(productImages)
    .where(eq(productImages.path, removed))
    .limit(1)
  if (!stillUsed && removed.startsWith(`products/${productId}/`)) await eraseUploads(config, [removed])
}
