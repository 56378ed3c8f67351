import { randomUUID } from 'node:crypto'
import type { z } from '@hono/zod-openapi'
import { asc } from 'drizzle-orm'
import { readSetting } from '../../content/settings.ts'
import type { Tx } from '../../db/client.ts'
import type { StoredApps, StoredContacts } from '../../db/schema/index.ts'
import { footerLinks, settings } from '../../db/schema/index.ts'
import { type DeskContext, recordUpdate } from './common.ts'
import type { appsInput, contactsInput, footerLinksInput } from './schemas.ts'

// The footer's links, the contacts and the mobile apps' store links.

export async function footerList(ctx: Pick<DeskContext, 'db'>) {
  const rows = await ctx.db.select().from(footerLinks).orderBy(asc(footerLinks.position), asc(footerLinks.id))
  return rows.map((r) => ({ id: r.id, title: r.title, slug: r.slug }))
}

/** Replaces the footer's links with `input` in its order. */
export async function replaceFooter(ctx: DeskContext, input: z.infer<typeof footerLinksInput>) {
  const before = await footerList(ctx)
  await ctx.db.transaction(async (tx) => {
    await tx.delete(footerLinks)
    if (input.results.length)
      await tx
        .insert(footerLinks)
        .values(input.results.map((link, position) => ({ title: link.title, slug: link.slug, position })))
    const strip = (list: { title: unknown; slug: string }[]) => list.map(({ title, slug }) => ({ title, slug }))
    await recordUpdate(ctx, tx, 'footer.update', null, { links: strip(before) }, { links: strip(input.results) })
  })
  return footerList(ctx)
}

async function writeSetting(tx: Tx, key: string, value: unknown) {
  await tx.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } })
}

export const contactsOf = (ctx: Pick<DeskContext, 'db'>) => readSetting<StoredContacts>(ctx.db, 'contacts')
export async function appsOf(ctx: Pick<DeskContext, 'db'>): Promise<StoredApps> {
  return (await readSetting<StoredApps>(ctx.db, 'apps')) ?? { ios: null, android: null }
}

async function replaceSetting(ctx: DeskContext, key: string, before: object | null, after: object) {
  await ctx.db.transaction(async (tx) => {
    await writeSetting(tx, key, after)
    await recordUpdate(ctx, tx, 'settings.update', key, { ...before } as Record<string, unknown>, { ...after })
  })
}

export async function saveContacts(ctx: DeskContext, input: z.infer<typeof contactsInput>) {
  const pickup_points = input.pickup_points.map((p) => ({ ...p, id: p.id ?? randomUUID().slice(0, 8) }))
  const value: StoredContacts = { ...input, pickup_points, email: input.email ?? undefined }
  if (!input.email) delete value.email
  await replaceSetting(ctx, 'contacts', await contactsOf(ctx), value)
  return value
}

export async function saveApps(ctx: DeskContext, input: z.infer<typeof appsInput>) {
  await replaceSetting(ctx, 'apps', await appsOf(ctx), input)
  return input
}
