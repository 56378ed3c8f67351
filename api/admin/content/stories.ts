import type { z } from '@hono/zod-openapi'
import { asc, countDistinct, eq, inArray } from 'drizzle-orm'
import { changedFields, recordAudit } from '../../audit/record.ts'
import { invalidateCatalogue } from '../../catalogue/cache.ts'
import { stories, storyItems, storyReads } from '../../db/schema/index.ts'
import type { MediaLinks } from '../../media/links.ts'
import { type DeskContext, isoOrNull, notFoundError, shownAt, windowOf } from './common.ts'
import { pictureOut } from './pictures.ts'
import type { storyInput, storyItemInput, storyItemPatch, storyPatch } from './schemas.ts'

type StoryRow = typeof stories.$inferSelect
type ItemRow = typeof storyItems.$inferSelect

const auditedStory = (row: StoryRow) => ({
  title: row.title,
  cover: row.cover,
  position: row.position,
  is_active: row.isActive,
  starts_at: isoOrNull(row.startsAt),
  ends_at: isoOrNull(row.endsAt),
})
const auditedItem = (row: ItemRow) => ({
  story_id: row.storyId,
  title: row.title,
  image: row.image,
  link: row.link,
  position: row.position,
})

/** Every story (or the one of `onlyId`) with its items and how many readers each has, in display order. */
export async function storiesWithReads(ctx: Pick<DeskContext, 'db' | 'now'>, media: MediaLinks, onlyId?: number) {
  const { db } = ctx
  const list = await db
    .select()
    .from(stories)
    .where(onlyId === undefined ? undefined : eq(stories.id, onlyId))
    .orderBy(asc(stories.position), asc(stories.id))
  const ids = list.map((s) => s.id)
  const items = ids.length
    ? await db
        .select()
        .from(storyItems)
        .where(inArray(storyItems.storyId, ids))
        .orderBy(asc(storyItems.position), asc(storyItems.id))
    : []
  const itemReads = items.length
    ? await db
        .select({ id: storyReads.storyItemId, n: countDistinct(storyReads.reader) })
        .from(storyReads)
        .where(
          inArray(
            storyReads.storyItemId,
            items.map((i) => i.id),
          ),
        )
        .groupBy(storyReads.storyItemId)
    : []
  const storyReaders = ids.length
    ? await db
        .select({ id: storyItems.storyId, n: countDistinct(storyReads.reader) })
        .from(storyReads)
        .innerJoin(storyItems, eq(storyItems.id, storyReads.storyItemId))
        .where(inArray(storyItems.storyId, ids))
        .groupBy(storyItems.storyId)
    : []
  const perItem = new Map(itemReads.map((r) => [r.id, Number(r.n)]))
  const perStory = new Map(storyReaders.map((r) => [r.id, Number(r.n)]))
  await media.load([...list.map((s) => s.cover), ...items.map((i) => i.image)])
  return list.map((story) => ({
    id: story.id,
    title: story.title,
    cover: pictureOut(media, story.cover),
    starts_at: isoOrNull(story.startsAt),
    ends_at: isoOrNull(story.endsAt),
    is_active: story.isActive,
    position: story.position,
    shown: shownAt(story, ctx.now),
    reads: perStory.get(story.id) ?? 0,
    items: items
      .filter((i) => i.storyId === story.id)
      .map((i) => ({
        id: i.id,
        story_id: i.storyId,
        title: i.title,
        image: pictureOut(media, i.image),
        link: i.link,
        position: i.position,
        reads: perItem.get(i.id) ?? 0,
      })),
  }))
}

export async function createStory(ctx: DeskContext, input: z.infer<typeof storyInput>) {
  const { startsAt, endsAt } = windowOf(ctx.lang, input)
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(stories)
      .values({
        title: input.title,
        cover: input.cover,
        position: input.position ?? 0,
        isActive: input.is_active ?? true,
        startsAt,
        endsAt,
      })
      .returning()
    if (!row) throw new Error('story insert returned nothing')
    await recordAudit(tx, {
      ...ctx.actor,
      action: 'story.create',
      entity: 'story',
      entityId: row.id,
      after: auditedStory(row),
    })
    await invalidateCatalogue(ctx.db, tx)
    return row
  })
}

export async function updateStory(ctx: DeskContext, id: number, input: z.infer<typeof storyPatch>) {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(stories).where(eq(stories.id, id)).for('update')
    if (!current) throw notFoundError(ctx.lang)
    const { startsAt, endsAt } = windowOf(ctx.lang, input, current)
    const [row] = await tx
      .update(stories)
      .set({
        ...(input.title !== undefined && { title: input.title }),
        ...(input.cover !== undefined && { cover: input.cover }),
        ...(input.position !== undefined && { position: input.position }),
        ...(input.is_active !== undefined && { isActive: input.is_active }),
        startsAt,
        endsAt,
      })
      .where(eq(stories.id, id))
      .returning()
    if (!row) throw notFoundError(ctx.lang)
    const diff = changedFields(auditedStory(current), auditedStory(row))
    if (diff) {
      await recordAudit(tx, { ...ctx.actor, action: 'story.update', entity: 'story', entityId: id, ...diff })
      await invalidateCatalogue(ctx.db, tx)
    }
    return row
  })
}

export async function deleteStory(ctx: DeskContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(stories).where(eq(stories.id, id)).returning()
    if (!row) throw notFoundError(ctx.lang)
    await recordAudit(tx, {
      ...ctx.actor,
      action: 'story.delete',
      entity: 'story',
      entityId: id,
      before: auditedStory(row),
    })
    await invalidateCatalogue(ctx.db, tx)
  })
}

export async function createStoryItem(ctx: DeskContext, storyId: number, input: z.infer<typeof storyItemInput>) {
  return ctx.db.transaction(async (tx) => {
    const [story] = await tx.select({ id: stories.id }).from(stories).where(eq(stories.id, storyId)).for('update')
    if (!story) throw notFoundError(ctx.lang)
    const [row] = await tx
      .insert(storyItems)
      .values({
        storyId,
        title: input.title,
        image: input.image,
        link: input.link ?? null,
        position: input.position ?? 0,
      })
      .returning()
    if (!row) throw new Error('story item insert returned nothing')
    await recordAudit(tx, {
      ...ctx.actor,
      action: 'story_item.create',
      entity: 'story_item',
      entityId: row.id,
      after: auditedItem(row),
    })
    await invalidateCatalogue(ctx.db, tx)
    return row
  })
}

export async function updateStoryItem(ctx: DeskContext, id: number, input: z.infer<typeof storyItemPatch>) {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(storyItems).where(eq(storyItems.id, id)).for('update')
    if (!current) throw notFoundError(ctx.lang)
    const [row] = await tx
      .update(storyItems)
      .set({
        ...(input.title !== undefined && { title: input.title }),
        ...(input.image !== undefined && { image: input.image }),
        ...(input.link !== undefined && { link: input.link }),
        ...(input.position !== undefined && { position: input.position }),
      })
      .where(eq(storyItems.id, id))
      .returning()
    if (!row) throw notFoundError(ctx.lang)
    const diff = changedFields(auditedItem(current), auditedItem(row))
    if (diff) {
      await recordAudit(tx, { ...ctx.actor, action: 'story_item.update', entity: 'story_item', entityId: id, ...diff })
      await invalidateCatalogue(ctx.db, tx)
    }
    return row
  })
}

export async function deleteStoryItem(ctx: DeskContext, id: number) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(storyItems).where(eq(storyItems.id, id)).returning()
    if (!row) throw notFoundError(ctx.lang)
    await recordAudit(tx, {
      ...ctx.actor,
      action: 'story_item.delete',
      entity: 'story_item',
      entityId: id,
      before: auditedItem(row),
    })
    await invalidateCatalogue(ctx.db, tx)
    return row
  })
}
