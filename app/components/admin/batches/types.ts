/** A change batch as admin/batches/ answers it (api/admin/batches/schemas.ts). */
export type Batch = {
  id: number
  kind: 'bulk' | 'import'
  state: 'checking' | 'previewed' | 'applied' | 'undone' | 'failed'
  summary: Record<string, unknown>
  counts: { rows: number; created: number; changed: number; unchanged: number; rejected: number }
  progress: number
  error: string | null
  actor: string
  created_at: string
  applied_at: string | null
  undone_at: string | null
  undo_until: string | null
  can_apply: boolean
  can_undo: boolean
}

export type BatchRowView = {
  line: number
  product_id: number | null
  label: string
  kind: 'created' | 'changed' | 'rejected'
  changes: { field: string; before: string | null; after: string | null }[]
  errors: { field: string; message: string }[]
}

export type Paged<T> = { results: T[]; total: number; total_pages: number; current_page: number }

export type BatchDetail = Batch & { rows: Paged<BatchRowView> }

export const rowKinds = ['created', 'changed', 'rejected'] as const

/** The largest import file; the API says the same (api/catalogue-batches/imports.ts). */
export const IMPORT_MAX_MB = 20
