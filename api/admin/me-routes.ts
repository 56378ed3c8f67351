import { type ApiDeps, createRouter } from '../http/context.ts'
import { ApiError } from '../http/errors.ts'
import { message } from '../http/messages.ts'
import { jsonContent } from '../http/schemas.ts'
import { meView, staffById } from '../staff/accounts.ts'
import { permissionsOf } from '../staff/permissions.ts'
import { staffService } from '../staff/service.ts'
import { currentStaff, requireStaff } from './middleware.ts'
import { adminErrorsOf, meSchema, staffRoutes } from './openapi.ts'

const secured = staffRoutes(requireStaff({ duringSetup: true }), ['admin'])

const meRoute = secured.get('/admin/me/', {
  summary: 'Who is signed in: role, rights and what the account must set up first',
  description: 'Answers during set-up too, so the back office knows to ask for a new password or the second factor.',
  responses: { 200: jsonContent(meSchema, 'The staff member or integration key'), ...adminErrorsOf(401) },
})

export function adminMeRoutes(deps: ApiDeps) {
  const { db, secondFactorRequired } = staffService(deps)
  return createRouter().openapi(meRoute, async (c) => {
    const me = currentStaff(c)
    if (me.id === null)
      return c.json(
        {
          id: null,
          key_id: me.keyId,
          name: me.name,
          phone: null,
          role: me.role,
          permissions: permissionsOf(me.role),
          second_factor_enabled: false,
          password_change_required: false,
          telegram_linked: false,
          setup_required: null,
        },
        200,
      )
    const row = await staffById(db, me.id)
    if (!row) throw new ApiError(401, message(c.get('lang'), 'token_invalid'))
    return c.json(meView(row, secondFactorRequired), 200)
  })
}
