import { eq, or } from 'drizzle-orm'
import { DEFAULT_LISTING_SIZES, type ListingSizes } from '#contract/product-lines.ts'
import { changedFields, recordAudit } from '../../audit/record.ts'
import { invalidateCatalogue } from '../../catalogue/cache.ts'
import { listingSettingKey, type StoredListing } from '../../catalogue/lines.ts'
import { readSetting } from '../../content/settings.ts'
import { lockKey } from '../../db/advisory-lock.ts'
import type { Db, Tx } from '../../db/client.ts'
import { productLines, products, settings } from '../../db/schema/index.ts'
import { ApiError } from '../../http/errors.ts'
import type { Lang } from '../../http/locale.ts'
import { message } from '../../http/messages.ts'
import type { ProductEditor } from '../products/save.ts'
import {
  checkMembers,
  dropIfEmpty,
  insertLine,
  linesLockKey,
  lockLine,
  lockProducts,
  type MemberInput,
  memberIds,
  nameFrom,
  writeMembers,
} from './members.ts'
import type { LinePatch } from './schemas.ts'

// Grouping products into lines, their order and what tells them apart; each
// change in one transaction with its audit entry, and the shop's caches
// emptied (the product pages and lists show lines).

type Context = { lang: Lang }

const inTransaction = <T>(db: Db, run: (tx: Tx) => Promise<T>) =>
  db.transaction(async (tx) => {
    await lockKey(tx, linesLockKey)
    return run(tx)
  })

/** What the audit log keeps of a line: its name and products in order, with what tells them apart. */
async function lineState(tx: Tx, lineId: number) {
  const [line] = await tx.select({ name: productLines.name }).from(productLines).where(eq(productLines.id, lineId))
  const ids = await memberIds(tx, lineId)
  const rows = await lockProducts(tx, ids)
  return {
    name: line?.name ?? null,
    members: ids.map((id) => ({
      id,
      concentration: rows.get(id)?.concentration ?? null,
      size_kind: rows.get(id)?.sizeKind ?? null,
    })),
  }
}

async function audit(
  tx: Tx,
  editor: ProductEditor,
  action: string,
  lineId: number,
  before: object | null,
  after: object | null,
) {
  const diff =
    before && after ? changedFields(before as Record<string, unknown>, after as Record<string, unknown>) : null
  if (before && after && !diff) return
  await recordAudit(tx, {
    ...editor,
    action,
    entity: 'product_line',
    entityId: lineId,
    before: diff ? diff.before : (before as Record<string, unknown> | null),
    after: diff ? diff.after : (after as Record<string, unknown> | null),
  })
}

/** A new line of these products in this order, named as given or after the first; answers its id. */
export async function startLine(
  tx: Tx,
  db: Db,
  ids: number[],
  name: string | undefined,
  editor: ProductEditor,
  lang: Lang,
) {
  const found = await checkMembers(tx, null, ids, 'product_ids', lang)
  const line = await insertLine(tx, name ?? nameFrom(found.get(ids[0]!)!.title))
  await writeMembers(
    tx,
    line.id,
    ids.map((id) => ({ id })),
  )
  await audit(tx, editor, 'line.create', line.id, null, { slug: line.slug, ...(await lineState(tx, line.id)) })
  await invalidateCatalogue(db, tx)
  return line.id
}

export function createLine(
  db: Db,
  input: { name?: string; product_ids: number[] },
  editor: ProductEditor,
  { lang }: Context,
) {
  return inTransaction(db, (tx) => startLine(tx, db, input.product_ids, input.name, editor, lang))
}

/** Writes the line's new membership (and name) with its audit entry; false when there is no such line. */
export async function changeLine(
  tx: Tx,
  db: Db,
  lineId: number,
  patch: { name?: string; members?: MemberInput[] },
  editor: ProductEditor,
  lang: Lang,
) {
  const line = await lockLine(tx, lineId)
  if (!line) return false
  const before = await lineState(tx, lineId)
  if (patch.members) {
    await checkMembers(
      tx,
      lineId,
      patch.members.map((m) => m.id),
      'members',
      lang,
    )
    await writeMembers(tx, lineId, patch.members)
  }
  if (patch.name !== undefined && patch.name !== line.name)
    await tx.update(productLines).set({ name: patch.name }).where(eq(productLines.id, lineId))
  await audit(tx, editor, 'line.update', lineId, before, await lineState(tx, lineId))
  await invalidateCatalogue(db, tx)
  return true
}

export function updateLine(db: Db, lineId: number, patch: LinePatch, editor: ProductEditor, { lang }: Context) {
  const members = patch.members?.map((m) => ({
    id: m.product_id,
    concentration: m.concentration,
    sizeKind: m.size_kind,
  }))
  return inTransaction(db, (tx) => changeLine(tx, db, lineId, { name: patch.name, members }, editor, lang))
}

/** Ungroups the line: its products stay as they are, each on its own. False when there is no such line. */
export function deleteLine(db: Db, lineId: number, editor: ProductEditor) {
  return inTransaction(db, async (tx) => {
    const line = await lockLine(tx, lineId)
    if (!line) return false
    const before = await lineState(tx, lineId)
    await writeMembers(tx, lineId, [])
    await tx.delete(productLines).where(eq(productLines.id, lineId))
    await audit(tx, editor, 'line.delete', lineId, { slug: line.slug, ...before }, null)
    await invalidateCatalogue(db, tx)
    return true
  })
}

/** The product `ref` names: its id, SKU, barcode or slug (in that order of trust). */
async function productByRef(tx: Tx, ref: string): Promise<number | null> {
  const byId = /^\d{1,9}$/.test(ref) ? Number(ref) : null
  const rows = await tx
    .select({ id: products.id, sku: products.sku, barcode: products.barcode, slug: products.slug })
    .from(products)
    .where(
      or(
        byId === null ? undefined : eq(products.id, byId),
        eq(products.sku, ref),
        eq(products.barcode, ref),
        eq(products.slug, ref.toLowerCase()),
      ),
    )
  const rank = (row: (typeof rows)[number]) => (row.id === byId ? 0 : row.sku === ref ? 1 : row.barcode === ref ? 2 : 3)
  return rows.sort((a, b) => rank(a) - rank(b))[0]?.id ?? null
}

/**
 * Puts a product and the one `ref` names into one line: the line either is
 * in (the other joins at its end), or a new one of the two named after the
 * first. Two products of two lines are refused (409): which line wins is for
 * staff to say. Answers the line's id; null when there is no such product.
 */
export function groupWith(db: Db, productId: number, ref: string, editor: ProductEditor, { lang }: Context) {
  return inTransaction(db, async (tx) => {
    const otherId = await productByRef(tx, ref)
    const refuse = (status: 400 | 409, detail: string) =>
      new ApiError(status, detail, [{ field: 'with', message: detail }])
    if (otherId === productId) throw refuse(400, message(lang, 'admin_line_with_self'))
    const found = await lockProducts(tx, otherId === null ? [productId] : [productId, otherId])
    const self = found.get(productId)
    if (!self) return null
    const other = otherId === null ? undefined : found.get(otherId)
    if (!other) throw refuse(400, message(lang, 'admin_line_with_unknown', { value: ref }))
    if (self.lineId !== null && other.lineId !== null && self.lineId !== other.lineId) {
      const names = await tx
        .select({ id: productLines.id, name: productLines.name })
        .from(productLines)
        .where(or(eq(productLines.id, self.lineId), eq(productLines.id, other.lineId)))
      const nameOf = (id: number) => names.find((n) => n.id === id)?.name ?? ''
      throw refuse(
        409,
        message(lang, 'admin_line_two_lines', { first: nameOf(self.lineId), second: nameOf(other.lineId) }),
      )
    }
    const lineId = self.lineId ?? other.lineId
    if (lineId === null) return startLine(tx, db, [productId, other.id], undefined, editor, lang)
    const joining = self.lineId === null ? productId : other.lineId === null ? other.id : null
    if (joining !== null) {
      const ids = await memberIds(tx, lineId)
      await changeLine(tx, db, lineId, { members: [...ids, joining].map((id) => ({ id })) }, editor, lang)
    }
    return lineId
  })
}

/** Takes a product out of its line (a line left empty goes); false when it was in none. */
export function leaveLine(db: Db, productId: number, editor: ProductEditor, { lang }: Context) {
  return inTransaction(db, async (tx) => {
    const self = (await lockProducts(tx, [productId])).get(productId)
    if (!self) throw new ApiError(404, message(lang, 'admin_product_not_found'))
    if (self.lineId === null) return false
    const ids = await memberIds(tx, self.lineId)
    const rest = ids.filter((id) => id !== productId)
    if (rest.length) await changeLine(tx, db, self.lineId, { members: rest.map((id) => ({ id })) }, editor, lang)
    else {
      const before = await lineState(tx, self.lineId)
      await writeMembers(tx, self.lineId, [])
      await audit(tx, editor, 'line.delete', self.lineId, before, null)
      await dropIfEmpty(tx, self.lineId)
      await invalidateCatalogue(db, tx)
    }
    return true
  })
}

export async function listingSetting(db: Db): Promise<StoredListing> {
  return (await readSetting<StoredListing>(db, listingSettingKey)) ?? { sizes: DEFAULT_LISTING_SIZES }
}

/** How the shop's lists show lines, for every client that does not ask otherwise. */
export async function saveListingSetting(db: Db, sizes: ListingSizes, editor: ProductEditor) {
  await inTransaction(db, async (tx) => {
    const before = await listingSetting(tx)
    const value: StoredListing = { sizes }
    await tx
      .insert(settings)
      .values({ key: listingSettingKey, value })
      .onConflictDoUpdate({ target: settings.key, set: { value } })
    if (before.sizes !== sizes)
      await recordAudit(tx, {
        ...editor,
        action: 'settings.update',
        entity: 'settings',
        entityId: listingSettingKey,
        before: { ...before },
        after: { ...value },
      })
    await invalidateCatalogue(db, tx)
  })
  return { sizes }
}
