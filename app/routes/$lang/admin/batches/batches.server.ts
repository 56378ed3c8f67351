import type { RouterContextProvider } from 'react-router'
import { serverT } from '#app/utils/i18n.server.ts'
import type { Batch } from '../+shared/batches/types.ts'

/** What a batch changed, in a word: the imported file's name, or the bulk action's label (read on the server). */
export function batchWhat(context: Readonly<RouterContextProvider>, batch: Pick<Batch, 'kind' | 'summary'>) {
  if (batch.kind === 'import') return String(batch.summary.file ?? '')
  return serverT(context, 'admin-batches')(`bulk.${String(batch.summary.action)}`, { defaultValue: '' })
}
