import type { Batch, BatchDetail } from '#api/types.ts'

// A change batch as admin/batches/ answers it (api/admin/batches/schemas.ts).
export type { Batch, BatchDetail }
export type BatchRowView = BatchDetail['rows']['results'][number]

export const rowKinds = ['created', 'changed', 'rejected'] as const

/** The largest import file; the API says the same (api/catalogue-batches/imports.ts). */
export const IMPORT_MAX_MB = 20
