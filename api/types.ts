// The storefront's only view of the API: types, nothing that runs (issue 14).
import type { z } from '@hono/zod-openapi'
import type { orderPreviewSchema } from './orders/schemas.ts'

export type { Api } from './app.ts'
export type OrderPreview = z.output<typeof orderPreviewSchema>
