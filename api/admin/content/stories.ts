import type { z } from '@hono/zod-openapi'
import { asc, countDistinct, eq, inArray } from 'drizzle-orm'
import { stories, storyItems, storyReads } from '../../db/schema/index.ts'
import type { MediaLinks } from '../../media/links.ts'
import {
  type DeskContext,
  isoOrNull,
  notFoundError,
  recordChange,
  recordUpdate,
  sendsNothing,
  shownAt,
} from './common.ts'
import { pictureOut } from './pictures.ts'
import { scheduledSteps } from './scheduled.ts'
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

/**
 * A story's desk fields as columns. A field not sent stays undefined: Drizzle
 * leaves it out of an update, and an insert takes the column's default.
 */
const storyColumns = (input: z.infer<typeof storyPatch>) => ({
  title: input.title,
  cover: input.cover,
  position: input.position,
  isActive: input.is_active,
})

const steps = scheduledSteps('story', auditedStory, storyColumns)

export const createStory = (ctx: DeskContext, input: z.infer<typeof storyInput>) =>
  steps.create(ctx, input, { ...storyColumns(input), title: input.title, cover: input.cover })
export const updateStory = steps.update
export const deleteStory = steps.remove

export async function createStoryItem(ctx: DeskContext, storyId: number, input: z.infer<typeof storyItemInput>) {
  return ctx.db.transaction(async (tx) => {
    const [story] = await tx.select({ id: stories.id }).from(stories).where(eq(stories.id, storyId)).for('update')
    if (!story) throw notFoundError(ctx.lang)
    const [row] = await tx
      .insert(storyItems)
      .values({ ...input, storyId })
      .returning()
    if (!row) throw new Error('story item insert returned nothing')
    await recordChange(ctx, tx, 'story_item.create', row.id, { after: auditedItem(row) })
    return row
  })
}

export async function updateStoryItem(ctx: DeskContext, id: number, input: z.infer<typeof storyItemPatch>) {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(storyItems).where(eq(storyItems.id, id)).for('update')
    if (!current) throw notFoundError(ctx.lang)
    const [row] = sendsNothing(input)
      ? [current]
      : // The desk's field names are the columns'; Drizzle leaves out those not sent.
        await tx.update(storyItems).set(input).where(eq(storyItems.id, id)).returning()
    if (!row) throw notFoundError(ctx.lang)
    await recordUpdate(ctx, tx, 'story_item.update', id, auditedItem(current), auditedItem(row))
    return row
  })
}

export async function deleteStoryItem(ctx: DeskContext, id: number) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(storyItems).where(eq(storyItems.id, id)).returning()
    if (!row) throw notFoundError(ctx.lang)
    await recordChange(ctx, tx, 'story_item.delete', id, { before: auditedItem(row) })
    return row
  })
}
