import type { Batch, BatchDetail } from '#api/types.ts'

// A change batch as admin/batches/ answers it (api/admin/batches/schemas.ts).
export type { Batch, BatchDetail }
