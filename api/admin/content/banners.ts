import type { z } from '@hono/zod-openapi'
import { asc, eq } from 'drizzle-orm'
import { banners } from '../../db/schema/index.ts'
import type { MediaLinks } from '../../media/links.ts'
import { type DeskContext, isoOrNull, notFoundError, shownAt } from './common.ts'
import { pictureOut } from './pictures.ts'
import { scheduledSteps } from './scheduled.ts'
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

const steps = scheduledSteps('banner', audited, columns)

export const createBanner = (ctx: DeskContext, input: z.infer<typeof bannerInput>) =>
  steps.create(ctx, input, { ...columns(input), title: input.title, image: input.image })
export const updateBanner = steps.update
export const deleteBanner = steps.remove
