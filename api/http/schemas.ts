import { z } from '@hono/zod-openapi'

export const errorSchema = z
  .object({
    detail: z.string(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .openapi('Error')

export const errorResponses = {
  400: { description: 'Invalid input', content: { 'application/json': { schema: errorSchema } } },
  404: { description: 'Not found', content: { 'application/json': { schema: errorSchema } } },
} as const

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
})

/** PostgreSQL's `integer`: the largest id, and the largest sum or count a column of ours holds. */
export const INT_MAX = 2_147_483_647

/** An id in a JSON body: 1 to INT_MAX, so a bigger one is a 400 rather than a query the database refuses. */
export const idSchema = z.number().int().min(1).max(INT_MAX)

/** An id in a path: digits only, 1 to INT_MAX; anything else a 400 field error on `name`. */
export const idParam = (name: string, example: number) =>
  z
    .string()
    .refine((value) => /^\d{1,10}$/.test(value), { message: 'invalid_integer', abort: true })
    .transform(Number)
    .pipe(z.number().int().min(1).max(INT_MAX))
    .openapi({ param: { name, in: 'path' }, type: 'integer', minimum: 1, maximum: INT_MAX, example })

/** An id from outside a schema (a provider's call): an integer 1 to INT_MAX. */
export const isId = (value: unknown): value is number => idSchema.safeParse(value).success
