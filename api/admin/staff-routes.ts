import { z } from '@hono/zod-openapi'
import { staffCreateSchema, staffUpdateSchema } from '#contract/staff.ts'
import { jsonBody } from '../auth/openapi.ts'
import { type ApiDeps, createRouter } from '../http/context.ts'
import { ApiError, notFound } from '../http/errors.ts'
import type { Lang } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import { idParam, jsonContent } from '../http/schemas.ts'
import {
  changeStaffMember,
  createStaffMember,
  listStaff,
  resetStaffPassword,
  resetStaffSecondFactor,
  staffView,
} from '../staff/accounts.ts'
import { staffService } from '../staff/service.ts'
import { auditActor, requirePermission } from './middleware.ts'
import { adminErrorsOf, roleSchema, staffRoutes } from './openapi.ts'

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

export const withPasswordSchema = z.object({
  staff: staffSchema,
  password: z.string().openapi({ description: 'One-time password; shown once' }),
})

const manage = staffRoutes(requirePermission('staff.manage'), ['admin: staff'])

const listRoute = manage.get('/admin/staff/', {
  summary: 'The staff accounts (owner)',
  description: 'Disabled accounts included, flagged `disabled`.',
  responses: {
    200: jsonContent(z.object({ results: z.array(staffSchema) }), 'Every staff account, oldest first'),
    ...adminErrorsOf(401, 403),
  },
})

const staffIdParams = z.object({ id: idParam('id', 3) })

const createRouteDef = manage.post('/admin/staff/', {
  summary: 'Add a staff member (owner): a one-time password, shown once',
  description:
    'The new member signs in with the one-time password and must change it first (and, in SHOP_MODE=live, ' +
    'set up the second factor). A phone that already has a staff account: 409 with `phone` flagged.',
  request: jsonBody(staffCreateSchema),
  responses: {
    201: jsonContent(withPasswordSchema, 'Added'),
    ...adminErrorsOf(400, 401, 403, 409),
  },
})

const updateRoute = manage.patch('/admin/staff/{id}/', {
  summary: 'Change name or role, disable or enable a staff member (owner)',
  description:
    "Disabling ends the member's sessions at once. The last active owner can be neither demoted nor disabled: 409.",
  request: { params: staffIdParams, ...jsonBody(staffUpdateSchema) },
  responses: {
    200: jsonContent(staffSchema, 'The staff member as now'),
    ...adminErrorsOf(400, 401, 403, 404, 409),
  },
})

const resetPasswordRoute = manage.post('/admin/staff/{id}/reset-password/', {
  summary: 'Give a staff member a new one-time password (owner); their sessions end',
  request: { params: staffIdParams },
  responses: {
    200: jsonContent(withPasswordSchema, 'The new one-time password, shown once'),
    ...adminErrorsOf(400, 401, 403, 404),
  },
})

const resetSecondFactorRoute = manage.post('/admin/staff/{id}/reset-second-factor/', {
  summary: "Remove a staff member's authenticator and recovery codes (owner); their sessions end",
  description: 'For a lost phone: they set up a new authenticator at their next sign-in.',
  request: { params: staffIdParams },
  responses: {
    200: jsonContent(staffSchema, 'The staff member as now'),
    ...adminErrorsOf(400, 401, 403, 404),
  },
})

export function adminStaffRoutes(deps: ApiDeps) {
  const s = staffService(deps)
  const staffNotFound = (lang: Lang) => notFound(lang, 'admin_staff_not_found')
  return createRouter()
    .openapi(listRoute, async (c) => {
      const rows = await listStaff(s.db)
      return c.json({ results: rows.map(staffView) }, 200)
    })
    .openapi(createRouteDef, async (c) => {
      const lang = c.get('lang')
      const created = await createStaffMember(s.db, c.req.valid('json'), auditActor(c), {
        sessionSecret: s.config.sessionSecret,
        now: s.now(),
      })
      if (!created) {
        const detail = message(lang, 'admin_phone_taken')
        throw new ApiError(409, detail, [{ field: 'phone', message: detail }])
      }
      return c.json({ staff: staffView(created.staff), password: created.password }, 201)
    })
    .openapi(updateRoute, async (c) => {
      const lang = c.get('lang')
      const result = await changeStaffMember(s.db, c.req.valid('param').id, c.req.valid('json'), auditActor(c), s.now())
      if (!result.ok && result.reason === 'not_found') throw staffNotFound(lang)
      if (!result.ok) throw new ApiError(409, message(lang, 'admin_last_owner'))
      return c.json(staffView(result.staff), 200)
    })
    .openapi(resetPasswordRoute, async (c) => {
      const reset = await resetStaffPassword(s.db, c.req.valid('param').id, auditActor(c), s.now())
      if (!reset) throw staffNotFound(c.get('lang'))
      return c.json({ staff: staffView(reset.staff), password: reset.password }, 200)
    })
    .openapi(resetSecondFactorRoute, async (c) => {
      const row = await resetStaffSecondFactor(s.db, c.req.valid('param').id, auditActor(c), s.now())
      if (!row) throw staffNotFound(c.get('lang'))
      return c.json(staffView(row), 200)
    })
}
