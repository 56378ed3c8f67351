import type { z } from '@hono/zod-openapi'
import { asc, eq } from 'drizzle-orm'
import { banners } from '../../db/schema/index.ts'
import type { MediaLinks } from '../../media/links.ts'
import { type DeskContext, isoOrNull, notFoundError, recordChange, recordUpdate, shownAt, windowOf } from './common.ts'
import { pictureOut } from './pictures.ts'
import type { bannerInput, bannerPatch } from './schemas.ts'

type BannerRow = typeof banners.$inferSelect
const empty = { uz: '', sr: '', ru: '' }

/** What the audit log keeps of a banner: every field but the id. */
const audited = (row: BannerRow) => ({
  title: row.title,
  subtitle: row.subtitle,
  image: row.image,
  image_phone: row.imagePhone,
  link: row.link,
  position: row.position,
  is_active: row.isActive,
  starts_at: isoOrNull(row.startsAt),
  ends_at: isoOrNull(row.endsAt),
})

/**
 * The desk's fields as columns. A field not sent stays undefined: Drizzle
 * leaves it out of an update, and an insert takes the column's default.
 */
const columns = (input: z.infer<typeof bannerPatch>) => ({
  title: input.title,
  subtitle: input.subtitle,
  image: input.image,
  imagePhone: input.image_phone,
  link: input.link,
  position: input.position,
  isActive: input.is_active,
})

export async function bannerOut(row: BannerRow, media: MediaLinks, now: Date) {
  await media.load([row.image, row.imagePhone])
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle ?? empty,
    image: pictureOut(media, row.image),
    image_phone: row.imagePhone ? pictureOut(media, row.imagePhone) : null,
    link: row.link,
    starts_at: isoOrNull(row.startsAt),
    ends_at: isoOrNull(row.endsAt),
    is_active: row.isActive,
    position: row.position,
    shown: shownAt(row, now),
  }
}

export const listBanners = (ctx: Pick<DeskContext, 'db'>) =>
  ctx.db.select().from(banners).orderBy(asc(banners.position), asc(banners.id))

export async function bannerById(ctx: Pick<DeskContext, 'db' | 'lang'>, id: number) {
  const [row] = await ctx.db.select().from(banners).where(eq(banners.id, id))
  if (!row) throw notFoundError(ctx.lang)
  return row
}

export async function createBanner(ctx: DeskContext, input: z.infer<typeof bannerInput>) {
  const { startsAt, endsAt } = windowOf(ctx.lang, input)
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(banners)
      .values({ ...columns(input), title: input.title, image: input.image, startsAt, endsAt })
      .returning()
    if (!row) throw new Error('banner insert returned nothing')
    await recordChange(ctx, tx, 'banner.create', row.id, { after: audited(row) })
    return row
  })
}

export async function updateBanner(ctx: DeskContext, id: number, input: z.infer<typeof bannerPatch>) {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(banners).where(eq(banners.id, id)).for('update')
    if (!current) throw notFoundError(ctx.lang)
    const { startsAt, endsAt } = windowOf(ctx.lang, input, current)
    const [row] = await tx
      .update(banners)
      .set({ ...columns(input), startsAt, endsAt })
      .where(eq(banners.id, id))
      .returning()
    if (!row) throw notFoundError(ctx.lang)
    await recordUpdate(ctx, tx, 'banner.update', id, audited(current), audited(row))
    return row
  })
}

export async function deleteBanner(ctx: DeskContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(banners).where(eq(banners.id, id)).returning()
    if (!row) throw notFoundError(ctx.lang)
    await recordChange(ctx, tx, 'banner.delete', id, { before: audited(row) })
  })
}
