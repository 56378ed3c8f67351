import { createRoute, z } from '@hono/zod-openapi'
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm'
import { auditLog, staff } from '../db/schema/index.ts'
import { type ApiDeps, createRouter } from '../http/context.ts'
import { ApiError } from '../http/errors.ts'
import { message } from '../http/messages.ts'
import { paged, pagedSchema, pagingQuery } from '../http/paging.ts'
import { jsonContent } from '../http/schemas.ts'
import { requirePermission } from './middleware.ts'
import { adminErrors, staffBearer } from './openapi.ts'
import { dateRange, dateRangeQuery, dateRangeValid, optionalIdQuery } from './query.ts'

const entrySchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    staff_id: z.number().int().nullable(),
    staff_name: z.string().nullable(),
    actor: z.string().openapi({ description: '`staff:<id>`, `key:<id>`, `cli` or `system`' }),
    via: z.enum(['web', 'api', 'telegram', 'cli', 'system']),
    action: z.string().openapi({ example: 'staff.update' }),
    entity: z.string().openapi({ example: 'staff' }),
    entity_id: z.string().nullable(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    address: z.string().nullable(),
  })
  .openapi('AuditEntry')

const text = (description: string) => z.string().trim().min(1).max(100).optional().openapi({ description })

const listRoute = createRoute({
  method: 'get',
  path: '/admin/audit/',
  tags: ['admin: audit'],
  security: staffBearer,
  middleware: [requirePermission('audit.read')] as const,
  summary: 'The audit log, newest first (owner, manager)',
  description:
    'Every change made by staff, integration keys, the command line and the shop itself: who, when, what, ' +
    'before → after. Filters combine.',
  request: {
    query: z.object({
      ...pagingQuery,
      staff_id: optionalIdQuery('Changes by this staff member'),
      actor: text('`staff:<id>`, `key:<id>`, `cli` or `system`'),
      action: text('Exactly, e.g. `staff.update`'),
      entity: text('e.g. `order`, `staff`'),
      entity_id: text('With `entity`: one thing'),
      ...dateRangeQuery,
    }),
  },
  responses: {
    200: jsonContent(pagedSchema(entrySchema), 'A page of entries'),
    400: adminErrors[400],
    401: adminErrors[401],
    403: adminErrors[403],
    404: adminErrors[404],
  },
})

export function adminAuditRoutes(deps: ApiDeps) {
  const { db } = deps.database
  return createRouter().openapi(listRoute, async (c) => {
    const lang = c.get('lang')
    const query = c.req.valid('query')
    if (!dateRangeValid(query)) {
      const detail = message(lang, 'admin_date_range')
      throw new ApiError(400, detail, [{ field: 'date_to', message: detail }])
    }
    const { from, until } = dateRange(query)
    const filters = [
      query.staff_id && eq(auditLog.staffId, query.staff_id),
      query.actor && eq(auditLog.actor, query.actor),
      query.action && eq(auditLog.action, query.action),
      query.entity && eq(auditLog.entity, query.entity),
      query.entity_id && eq(auditLog.entityId, query.entity_id),
      from && gte(auditLog.at, from),
      until && lt(auditLog.at, until),
    ].filter((f): f is SQL => Boolean(f))
    const where = filters.length ? and(...filters) : undefined
    const { page, size } = query
    const total = await db.$count(auditLog, where)
    if (page > 1 && (page - 1) * size >= total) throw new ApiError(404, message(lang, 'page_out_of_range'))
    const rows = await db
      .select({ entry: auditLog, staffName: staff.name })
      .from(auditLog)
      .leftJoin(staff, eq(staff.id, auditLog.staffId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(size)
      .offset((page - 1) * size)
    const results = rows.map(({ entry, staffName }) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      staff_id: entry.staffId,
      staff_name: staffName,
      actor: entry.actor,
      via: entry.via,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      before: entry.before as Record<string, unknown> | null,
      after: entry.after as Record<string, unknown> | null,
      address: entry.address,
    }))
    return c.json(paged(results, total, page, size, c.req.url), 200)
  })
}
