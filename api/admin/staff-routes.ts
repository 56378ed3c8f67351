import { createRoute, z } from '@hono/zod-openapi'
import { asc } from 'drizzle-orm'
import { staff } from '../db/schema/index.ts'
import { type ApiDeps, createRouter } from '../http/context.ts'
import { jsonContent } from '../http/schemas.ts'
import { staffView } from '../staff/accounts.ts'
import { requirePermission } from './middleware.ts'
import { adminErrors, roleSchema, staffBearer } from './openapi.ts'

const tags = ['admin: staff']

export const staffSchema = z
  .object({
    id: z.number().int(),
    phone: z.string().openapi({ example: '+998901234567' }),
    name: z.string(),
    role: roleSchema,
    second_factor_enabled: z.boolean(),
    password_change_required: z.boolean(),
    telegram_linked: z.boolean(),
    disabled: z.boolean(),
    disabled_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('Staff')

const listRoute = createRoute({
  method: 'get',
  path: '/admin/staff/',
  tags,
  security: staffBearer,
  middleware: [requirePermission('staff.manage')] as const,
  summary: 'The staff accounts (owner)',
  description: 'Disabled accounts included, flagged `disabled`.',
  responses: {
    200: jsonContent(z.object({ results: z.array(staffSchema) }), 'Every staff account, oldest first'),
    401: adminErrors[401],
    403: adminErrors[403],
  },
})

export function adminStaffRoutes(deps: ApiDeps) {
  const { db } = deps.database
  return createRouter().openapi(listRoute, async (c) => {
    const rows = await db.select().from(staff).orderBy(asc(staff.id))
    return c.json({ results: rows.map(staffView) }, 200)
  })
}
