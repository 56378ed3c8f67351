import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { banners, stories, storyItems, storyReads } from '../db/schema/index.ts'
import { type Lang, pick } from '../http/locale.ts'
import type { MediaLinks } from '../media/links.ts'

// The home page's banners and stories; a story item's read mark belongs to a visitor or user (`reader`).

type Scheduled = typeof banners | typeof stories
/** Active and inside its window (from `starts_at`, until before `ends_at`), by the database's clock. */
const shownNow = (table: Scheduled) =>
  and(
    eq(table.isActive, true),
    or(isNull(table.startsAt), lte(table.startsAt, sql`now()`)),
    or(isNull(table.endsAt), gt(table.endsAt, sql`now()`)),
  )

/** The banners shown now, in display order; `image_phone` is the phones' picture, when there is one. */
export async function activeBanners(db: Db, lang: Lang, media: MediaLinks) {
  const rows = await db.select().from(banners).where(shownNow(banners)).orderBy(asc(banners.position), asc(banners.id))
  await media.load(rows.flatMap((r) => [r.image, r.imagePhone]))
  return rows.map((r) => ({
    id: r.id,
    title: pick(r.title, lang),
    subtitle: pick(r.subtitle, lang),
    image: media.links(r.image),
    image_phone: media.maybe(r.imagePhone),
    link: r.link,
  }))
}

/** Item ids of `itemIds` that `reader` has seen. */
async function readItems(db: Db, reader: string | null, itemIds: number[]) {
  if (!reader || !itemIds.length) return new Set<number>()
  const rows = await db
    .select({ id: storyReads.storyItemId })
    .from(storyReads)
    .where(and(eq(storyReads.reader, reader), inArray(storyReads.storyItemId, itemIds)))
  return new Set(rows.map((r) => r.id))
}

/** The active stories with their items, each marked read or not for `reader`; unseen stories first. */
export async function storiesFor(db: Db, reader: string | null, lang: Lang, media: MediaLinks) {
  const list = await db.select().from(stories).where(shownNow(stories)).orderBy(asc(stories.position), asc(stories.id))
  const items = list.length
    ? await db
        .select()
        .from(storyItems)
        .where(
          inArray(
            storyItems.storyId,
            list.map((s) => s.id),
          ),
        )
        .orderBy(asc(storyItems.position), asc(storyItems.id))
    : []
  const read = await readItems(
    db,
    reader,
    items.map((i) => i.id),
  )
  await media.load([...list.map((s) => s.cover), ...items.map((i) => i.image)])
  const results = list.map((story) => {
    const own = items
      .filter((i) => i.storyId === story.id)
      .map((i) => ({
        id: i.id,
        title: pick(i.title, lang),
        image: media.links(i.image),
        link: i.link,
        is_read: read.has(i.id),
      }))
    return {
      id: story.id,
      title: pick(story.title, lang),
      cover: media.links(story.cover),
      is_read: own.length > 0 && own.every((i) => i.is_read),
      items: own,
    }
  })
  // Unseen stories first, as story rails usually show them.
  return results.sort((a, b) => Number(a.is_read) - Number(b.is_read))
}

/** Remembers that `reader` (when there is one) has seen the item; null when there is no such item. */
export async function markStoryItemRead(db: Db, itemId: number, reader: string | null) {
  const [item] = await db
    .select({ id: storyItems.id, storyId: storyItems.storyId })
    .from(storyItems)
    .where(eq(storyItems.id, itemId))
  if (!item) return null
  if (reader) await db.insert(storyReads).values({ storyItemId: item.id, reader }).onConflictDoNothing()
  return item
}
