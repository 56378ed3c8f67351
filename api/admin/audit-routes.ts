import { z } from '@hono/zod-openapi'
import { listAudit } from '../audit/list.ts'
import { type ApiDeps, createRouter } from '../http/context.ts'
import { ApiError } from '../http/errors.ts'
import { message } from '../http/messages.ts'
import { paged, pagedSchema, pagingQuery } from '../http/paging.ts'
import { jsonContent } from '../http/schemas.ts'
import { requirePermission } from './middleware.ts'
import { adminErrorsOf, staffRoutes } from './openapi.ts'
import { dateRange, dateRangeQuery, dateRangeValid, optionalIdQuery } from './query.ts'

export const entrySchema = z
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
    words: z.record(z.string(), z.record(z.string(), z.string())).openapi({
      description:
        "The coded values of `before`/`after` in the reader's language (Accept-Language): field → value → words, " +
        'e.g. `{"status": {"3": "Принят", "4": "Собран"}, "role": {"manager": "Менеджер"}}`',
    }),
  })
  .openapi('AuditEntry')

const text = (description: string) => z.string().trim().min(1).max(100).optional().openapi({ description })

const read = staffRoutes(requirePermission('audit.read'), ['admin: audit'])

const listRoute = read.get('/admin/audit/', {
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
    ...adminErrorsOf(400, 401, 403, 404),
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
    const { page, size } = query
    const found = await listAudit(
      db,
      {
        staffId: query.staff_id,
        actor: query.actor,
        action: query.action,
        entity: query.entity,
        entityId: query.entity_id,
        ...dateRange(query),
      },
      page,
      size,
      lang,
    )
    if (found === 'past-end') throw new ApiError(404, message(lang, 'page_out_of_range'))
    return c.json(paged(found.results, found.total, page, size, c.req.url), 200)
  })
}
