import { z } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import type { ApiEnv } from '../http/context.ts'
import { routeGroup } from '../http/openapi.ts'
import { errorSchema, jsonContent } from '../http/schemas.ts'
import { permissions, staffRoles } from '../staff/permissions.ts'
import { rightsOfGuard } from './middleware.ts'

/** `Authorization: Bearer <staff session token or integration key>` on an admin route. */
export const staffBearer = [{ staffBearer: [] }]

export const staffBearerScheme = {
  type: 'http',
  scheme: 'bearer',
  description:
    'A staff session token (`ats_…`, from admin/auth/login/ or admin/auth/second-factor/; ends after 12 h ' +
    'without a request or 7 days after sign-in) or an integration key (`atk_…`, from admin/keys/).',
} as const

const error = (description: string) => jsonContent(errorSchema, description)

/** The answers every admin route shares. */
export const adminErrors = {
  400: error('Invalid input: `detail` and field `errors`'),
  401: error('No staff token, or one that is invalid, expired or revoked (`WWW-Authenticate: Bearer`)'),
  403: jsonContent(
    errorSchema.extend({
      code: z
        .enum(['password_change_required', 'second_factor_setup_required'])
        .optional()
        .openapi({ description: 'Set when the account must first change its password or set up its second factor' }),
    }),
    "The role lacks the right, or the account's set-up is not finished (`code`)",
  ),
  404: error('Not found'),
  409: error('Conflicts with the current state'),
  429: error('Too many attempts; `Retry-After` gives the seconds to wait'),
} as const

/**
 * Admin routes behind `guard` (e.g. `requirePermission('orders.read')`): the
 * staff bearer, the guard as route middleware and the 401/403 answers it gives,
 * declared once for the group. A route's own 401 or 403 wins. The document
 * names the permissions the guard asks for (`x-permissions`, any one of them;
 * `[]`: any signed-in staff member) — the role matrix test reads them.
 */
export function staffRoutes(guard: MiddlewareHandler<ApiEnv>, tags: string[]) {
  const rights = rightsOfGuard(guard)
  if (!rights) throw new Error('staffRoutes needs a guard from requireStaff or requirePermission')
  return routeGroup({
    tags,
    security: staffBearer,
    middleware: guard,
    'x-permissions': [...rights],
    responses: { 401: adminErrors[401], 403: adminErrors[403] },
  })
}

/** The shared error answers a route gives, by status: `...adminErrorsOf(400, 404)`. */
export const adminErrorsOf = <C extends keyof typeof adminErrors>(...codes: C[]) =>
  Object.fromEntries(codes.map((code) => [code, adminErrors[code]])) as Pick<typeof adminErrors, C>

export const roleSchema = z.enum(staffRoles).openapi('StaffRole', {
  description:
    'owner: everything; manager: orders, customers, catalogue; content: texts, pictures, pages; warehouse: stock, picking; ' +
    'courier: the orders given to it, with the customer’s phone',
})

export const permissionSchema = z.enum(permissions).openapi('StaffPermission')

export const meSchema = z
  .object({
    id: z.number().int().nullable().openapi({ description: 'The staff member; `null` for an integration key' }),
    key_id: z.number().int().nullable().openapi({ description: 'The integration key; `null` for a staff member' }),
    name: z.string(),
    phone: z.string().nullable().openapi({ example: '+998901234567' }),
    role: roleSchema,
    permissions: z.array(permissionSchema),
    second_factor_enabled: z.boolean(),
    password_change_required: z.boolean(),
    telegram_linked: z.boolean().openapi({ description: "Whether the staff bot's buttons act as this member" }),
    setup_required: z
      .enum(['password_change_required', 'second_factor_setup_required'])
      .nullable()
      .openapi({ description: 'What the account must do before any other call' }),
  })
  .openapi('StaffMe')
