import { z } from '@hono/zod-openapi'
import { routeGroup } from '../http/openapi.ts'
import { errorSchema } from '../http/schemas.ts'
import { signedIn } from './middleware.ts'

/** `Authorization: Bearer <access token>` on a route. */
export const bearer = [{ bearerAuth: [] }]

/** Routes for a signed-in customer: the bearer and the `signedIn` guard, declared once for the group. */
export const customerRoutes = (tags: string[]) =>
  routeGroup({ tags, security: bearer, middleware: [signedIn] as const })

export const bearerScheme = {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'JWT',
  description: 'The access token from auth/login/, token/refresh/, registration or reset; about 15 minutes.',
} as const

export const tokensSchema = z
  .object({
    access: z.string().openapi({ description: 'Signed access token (JWT, HS256): send as `Authorization: Bearer`' }),
    refresh: z.string().openapi({ description: 'Opaque refresh token; single use, rotates on auth/token/refresh/' }),
  })
  .openapi('Tokens')

export const messageSchema = z.object({ message: z.string() }).openapi('Message')

export const userSchema = z
  .object({
    id: z.number().int(),
    phone: z.string().openapi({ example: '+998901234567', description: 'E.164' }),
    full_name: z.string().openapi({ description: 'Name and surname, one text (as registration asks it)' }),
    extra_phone: z.string().nullable(),
    avatar_src: z
      .object({
        small: z.string().openapi({ description: '256 px square, served 240 px wide' }),
        original: z.string().openapi({ description: 'The photo, at most 960 px wide' }),
      })
      .nullable()
      .openapi({ description: 'Root-relative URLs of the profile photo; `null` without one' }),
    cashback_balance: z.number().int().openapi({ description: 'Whole sum' }),
  })
  .openapi('User')

const error = (description: string) => ({ description, content: { 'application/json': { schema: errorSchema } } })

export const errors = {
  400: error('Invalid input: `detail` and field `errors`'),
  401: error('Missing, invalid or expired access token, or a refresh token that is no longer valid'),
  403: error('Not allowed in this session'),
  409: error('The phone number already has an account (`errors` flags `phone`)'),
  429: error('Too many attempts or codes; `Retry-After` gives the seconds to wait'),
  503: error('The SMS provider failed or did not answer'),
} as const

const bodyNote =
  'Phones: a +998 number in any spelling (+998901234567, 998901234567, 901234567, (90) 123-45-67, ' +
  'a habitual leading 8 or 0); stored and returned as E.164. Field errors come back as ' +
  '`{detail, errors: [{field, message}]}` in the language of Accept-Language.'

/** A JSON request body built from one of the shared validation schemas (contract/). */
export const jsonBody = <T extends z.ZodType>(schema: T, description = bodyNote) => ({
  body: { required: true, description, content: { 'application/json': { schema } } },
})
