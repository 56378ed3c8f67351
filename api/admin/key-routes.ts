import { z } from '@hono/zod-openapi'
import { apiKeyCreateSchema } from '#contract/staff.ts'
import { jsonBody } from '../auth/openapi.ts'
import { type ApiDeps, createRouter } from '../http/context.ts'
import { notFound } from '../http/errors.ts'
import { idParam, jsonContent } from '../http/schemas.ts'
import { createApiKey, listApiKeys, revokeApiKey } from '../staff/keys.ts'
import { staffService } from '../staff/service.ts'
import { auditActor, requirePermission } from './middleware.ts'
import { adminErrorsOf, roleSchema, staffRoutes } from './openapi.ts'

const keySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    role: roleSchema,
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    revoked: z.boolean(),
  })
  .openapi('ApiKey')

const owner = staffRoutes(requirePermission('staff.manage'), ['admin: integration keys'])

const listRoute = owner.get('/admin/keys/', {
  summary: 'Integration keys (owner), without their tokens',
  responses: {
    200: jsonContent(z.object({ results: z.array(keySchema) }), 'Every key, revoked ones flagged'),
    ...adminErrorsOf(401, 403),
  },
})

const createKeyRoute = owner.post('/admin/keys/', {
  summary: 'Create a key for a machine integration (owner): its token is shown once',
  description:
    "The token (`atk_…`) works as `Authorization: Bearer` on the admin API with the role's rights; its " +
    'changes are audited as `key:<id>` via `api`.',
  request: jsonBody(apiKeyCreateSchema),
  responses: {
    201: jsonContent(keySchema.extend({ token: z.string() }), 'The key and its token'),
    ...adminErrorsOf(400, 401, 403),
  },
})

const revokeRoute = owner.delete('/admin/keys/{id}/', {
  summary: 'Revoke an integration key (owner): it stops working at once',
  request: { params: z.object({ id: idParam('id', 1) }) },
  responses: {
    200: jsonContent(keySchema, 'Revoked'),
    ...adminErrorsOf(400, 401, 403, 404),
  },
})

export function adminKeyRoutes(deps: ApiDeps) {
  const s = staffService(deps)
  return createRouter()
    .openapi(listRoute, async (c) => c.json({ results: await listApiKeys(s.db) }, 200))
    .openapi(createKeyRoute, async (c) =>
      c.json(await createApiKey(s.db, c.req.valid('json'), auditActor(c), s.now()), 201),
    )
    .openapi(revokeRoute, async (c) => {
      const key = await revokeApiKey(s.db, c.req.valid('param').id, auditActor(c), s.now())
      if (!key) throw notFound(c.get('lang'), 'admin_key_not_found')
      return c.json(key, 200)
    })
}
