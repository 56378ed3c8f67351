import type { TFunction } from 'i18next'
import type { Batch, BatchDetail } from '#api/types.ts'
import { bulkActions } from '#contract/catalogue-batches.ts'

// A change batch as admin/batches/ answers it (api/admin/batches/schemas.ts).
export type { Batch, BatchDetail }

/** What a batch changed, in a word: the imported file's name, or the bulk action's label. */
export function batchWhat(batch: Pick<Batch, 'kind' | 'summary'>, t: TFunction<'admin-batches'>) {
  if (batch.kind === 'import') return String(batch.summary.file ?? '')
  const action = bulkActions.find((a) => a === batch.summary.action)
  return action ? t(`bulk.${action}`) : ''
}
