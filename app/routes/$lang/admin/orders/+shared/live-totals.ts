import type { FormEvent } from 'react'
import { useFetcher } from 'react-router'
import { DraftIntent, type DraftProblem } from './draft.ts'
import type { Preview } from './draft-fields.tsx'

/** Controls whose change recalculates at once: choices and quantities, not text still being typed. */
const TYPED = new Set(['text', 'search', 'tel', 'textarea'])

/**
 * With JavaScript, a draft's totals follow its choices as they change (a quantity, the way of
 * delivery, the region, the pickup point, the payment, the cashback): the form is posted as
 * "recalculate" by a fetcher, so the totals change in place and nothing typed elsewhere is
 * touched. `draftKey` names the draft the page shows: a new one (a line added) starts afresh.
 * Without JavaScript the "recalculate" button does the same.
 */
export function useLiveTotals(draftKey: string) {
  const fetcher = useFetcher<{ preview: Preview | null; problem: DraftProblem | null }>({
    key: `draft-totals:${draftKey}`,
  })
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const control = event.target as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement
    if (!control.name || TYPED.has(control.type)) return
    const form = new FormData(event.currentTarget)
    form.set('intent', DraftIntent.recalc)
    // A newer change aborts the request still running: the last choice wins. A preview stores
    // nothing, so no page data is reloaded after it (nor folded into a navigation under way).
    void fetcher.submit(form, { method: 'post', defaultShouldRevalidate: false })
  }
  return { onChange, preview: fetcher.data?.preview ?? null, problem: fetcher.data?.problem ?? null }
}
