import { createRoute } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { staff as staffTable } from '../db/schema/index.ts'
import { type ApiDeps, createRouter } from '../http/context.ts'
import { jsonContent } from '../http/schemas.ts'
import { permissionsOf } from '../staff/permissions.ts'
import { currentStaff, requireStaff } from './middleware.ts'
import { adminErrors, meSchema, staffBearer } from './openapi.ts'

const meRoute = createRoute({
  method: 'get',
  path: '/admin/me/',
  tags: ['admin'],
  security: staffBearer,
  middleware: [requireStaff({ duringSetup: true })] as const,
  summary: 'Who is signed in: role, rights and what the account must set up first',
  description: 'Answers during set-up too, so the back office knows to ask for a new password or the second factor.',
  responses: { 200: jsonContent(meSchema, 'The staff member or integration key'), 401: adminErrors[401] },
})

export function adminMeRoutes(deps: ApiDeps) {
  const { db } = deps.database
  return createRouter().openapi(meRoute, async (c) => {
    const me = currentStaff(c)
    const [row] =
      me.id === null
        ? []
        : await db
            .select({
              phone: staffTable.phone,
              totpEnabledAt: staffTable.totpEnabledAt,
              passwordChangeRequired: staffTable.passwordChangeRequired,
            })
            .from(staffTable)
            .where(eq(staffTable.id, me.id))
    return c.json(
      {
        id: me.id,
        key_id: me.keyId,
        name: me.name,
        phone: row?.phone ?? null,
        role: me.role,
        permissions: permissionsOf(me.role),
        second_factor_enabled: Boolean(row?.totpEnabledAt),
        password_change_required: row?.passwordChangeRequired ?? false,
        setup_required: me.setupRequired,
      },
      200,
    )
  })
}
