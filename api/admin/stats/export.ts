import { and, asc, eq, gte, inArray, lt, sum } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { formulaSafeCsv } from '../../csv.ts'
import type { Db } from '../../db/client.ts'
import { orderItems, orders, users } from '../../db/schema/index.ts'
import type { Lang } from '../../http/locale.ts'
import { message } from '../../http/messages.ts'
import { paymentMethodLabel, paymentStatusLabel } from '../../orders/labels.ts'
import { statusLabel } from '../../orders/service.ts'
import { OrderStatus, orderNumber } from '../../orders/states.ts'
import type { Period } from './period.ts'

export const exportFormats = ['xlsx', 'csv'] as const
export type ExportFormat = (typeof exportFormats)[number]

export const exportTypes: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
}

/** The order's moment as the accountant reads it: Tashkent time, `2026-11-23 14:05`. */
const tashkentStamp = (at: Date) => new Date(at.getTime() + 5 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')

const orderColumns = [
  'export_number',
  'export_date',
  'export_customer',
  'export_status',
  'export_payment_method',
  'export_payment_status',
  'export_items_total',
  'export_delivery',
  'export_discount',
  'export_cashback',
  'export_vat',
  'export_total',
  'export_returned_items',
  'export_returned_total',
  'export_refunded',
  'export_net',
] as const
const lineColumns = [
  'export_number',
  'export_product',
  'export_unit_price',
  'export_quantity',
  'export_line_total',
  'export_returned_quantity',
] as const

/** What the order leaves in the books: nothing once cancelled, else its total less the goods returned. */
const netOf = (o: typeof orders.$inferSelect) => (o.status === OrderStatus.cancelled ? 0 : o.total - o.returnedTotal)

/**
 * Every order placed in the period, oldest first, one row each (amounts in sum): what was sold, then the
 * units returned and their money, the money given back (returns and lowered totals) and the net.
 */
async function orderRows(db: Db, period: Period, lang: Lang) {
  const returned = db
    .select({ orderId: orderItems.orderId, units: sum(orderItems.returnedQuantity).as('units') })
    .from(orderItems)
    .groupBy(orderItems.orderId)
    .as('returned')
  const rows = await db
    .select({ order: orders, customer: users.fullName, returnedUnits: returned.units })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(returned, eq(returned.orderId, orders.id))
    .where(and(gte(orders.createdAt, period.start), lt(orders.createdAt, period.end)))
    .orderBy(asc(orders.createdAt), asc(orders.id))
  return rows.map(({ order: o, customer, returnedUnits }) => ({
    id: o.id,
    cells: [
      orderNumber(o.id),
      tashkentStamp(o.createdAt),
      customer?.trim() || o.receiverName,
      statusLabel(lang, o.status),
      paymentMethodLabel(lang, o.paymentMethod),
      paymentStatusLabel(lang, o.paymentStatus),
      o.subtotal,
      o.deliveryPrice,
      o.discount,
      o.cashbackUsed,
      o.vat,
      o.total,
      Number(returnedUnits ?? 0),
      o.returnedTotal,
      o.refundedTotal,
      netOf(o),
    ] as (string | number)[],
  }))
}

async function lineRows(db: Db, orderIds: number[], lang: Lang) {
  if (!orderIds.length) return []
  const rows = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id))
  return rows.map((l) => [
    orderNumber(l.orderId),
    l.title[lang] || l.title.ru,
    l.unitPrice,
    l.quantity,
    l.unitPrice * l.quantity,
    l.returnedQuantity,
  ])
}

/**
 * The orders placed in a period for the accountant: CSV (one row per order,
 * UTF-8 with a BOM so Excel reads Cyrillic, `;` between cells as the products
 * sheet so a Russian-locale Excel opens it in columns, formula-like texts
 * escaped) or XLSX (the orders sheet and a second one with their lines).
 * Column names, statuses and payment methods in the staff member's language.
 */
export async function exportOrders(db: Db, period: Period, format: ExportFormat, lang: Lang): Promise<Uint8Array> {
  const rows = await orderRows(db, period, lang)
  const header = orderColumns.map((key) => message(lang, key))
  if (format === 'csv') {
    const text = formulaSafeCsv([header, ...rows.map((r) => r.cells)], { delimiter: ';' })
    return new TextEncoder().encode(`\uFEFF${text}`)
  }
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet(message(lang, 'export_sheet_orders'))
  sheet.addRow(header).font = { bold: true }
  for (const row of rows) sheet.addRow(row.cells)
  sheet.columns.forEach((column, i) => {
    column.width = i < 6 ? 18 : 14
    if (i >= 6) column.numFmt = '#,##0'
  })
  sheet.views = [{ state: 'frozen', ySplit: 1 }]
  const lines = book.addWorksheet(message(lang, 'export_sheet_lines'))
  lines.addRow(lineColumns.map((key) => message(lang, key))).font = { bold: true }
  for (const line of await lineRows(
    db,
    rows.map((r) => r.id),
    lang,
  ))
    lines.addRow(line)
  lines.columns.forEach((column, i) => {
    column.width = i === 1 ? 48 : 14
  })
  return new Uint8Array(await book.xlsx.writeBuffer())
}

export const exportFileName = (period: Period, format: ExportFormat) =>
  `orders-${period.from}${period.to === period.from ? '' : `-${period.to}`}.${format}`
