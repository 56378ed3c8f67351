import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link, redirect, useNavigation, useRevalidator } from 'react-router'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { rowKinds } from '#contract/catalogue-batches.ts'
import { AdminErrorBoundary } from '../+shared/admin-error.tsx'
import type { Batch } from '../+shared/batches/types.ts'
import { adminPath } from '../+shared/staff.ts'
import { byIntent, pageId, refusedAnswer, staffLoad } from '../forms.server.ts'
import { BatchRows } from './+shared/batch-rows.tsx'
import type { Route } from './+types/$id'
import { batchWhat } from './batches.server.ts'
import '../+shared/batches/batches.css'

const PAGE_SIZE = 100

/** A batch: while its file is checked (or it is applied or undone), the progress; then the preview or the result. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = pageId(params.id)
  const url = new URL(request.url)
  const kind = rowKinds.find((k) => k === url.searchParams.get('kind'))
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1)
  const batch = await staffLoad(context, `admin/batches/${id}/`, { kind, page, size: PAGE_SIZE })
  return {
    lang: requestLang(context),
    batch,
    kind: kind ?? null,
    kinds: rowKinds,
    what: batchWhat(context, batch),
    title: serverT(context, 'admin-batches')('batch.meta_title', { id: batch.id }),
  }
}

/** Apply, undo, or undo the rows nobody changed since: they run in the background, the page shows how far. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const id = pageId(params.id)
  const t = serverT(context, 'admin-batches')
  const api = staffApi(context)
  const run = async <const I extends string>(intent: I, send: () => Promise<unknown>, toast: string) => {
    try {
      await send()
    } catch (error) {
      return refusedAnswer(intent, error)
    }
    flash(context, { type: 'success', message: toast })
    return redirect(adminPath(requestLang(context), `batches/${id}`))
  }
  const undo = (skipChanged: boolean) => () =>
    api.send('POST', `admin/batches/${id}/undo/`, { skip_changed: skipChanged })
  return byIntent(await request.formData(), {
    apply: () => run('apply', () => api.send('POST', `admin/batches/${id}/apply/`), t('batch.apply_started')),
    undo: () => run('undo', undo(false), t('batch.undo_started')),
    'undo-others': () => run('undo-others', undo(true), t('batch.undo_started')),
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

/** Polls a batch at work (its file checked, or applied or undone): with JS by revalidating, without by the refresh in <noscript>. */
function useWorkingPoll(working: boolean) {
  const { revalidate, state } = useRevalidator()
  useEffect(() => {
    if (!working || state !== 'idle') return
    const timer = setTimeout(() => revalidate(), 1000)
    return () => clearTimeout(timer)
  }, [working, state, revalidate])
}

type Listed = { detail?: string; rows: { field: string; message: string }[]; more?: string | null }

/** Rows listed with why (a refusal, or the rows an apply or undo left out). */
function RowList({ listed, alert }: { listed: Listed; alert?: boolean }) {
  return (
    <div className="batch-refused" role={alert ? 'alert' : undefined}>
      {listed.detail ? <p>{listed.detail}</p> : null}
      {listed.rows.length ? (
        <ul>
          {listed.rows.map((row) => (
            <li key={row.field}>{row.message}</li>
          ))}
        </ul>
      ) : null}
      {listed.more ? <p>{listed.more}</p> : null}
    </div>
  )
}

/** How far the batch's work is: the file's rows read, or the rows applied or undone. */
function WorkProgress({ batch, lang }: { batch: Batch; lang: Lang }) {
  const { t } = useTranslation('admin-batches')
  const count = batch.progress
  const total = batch.total ?? 0
  const text =
    batch.state === 'applying'
      ? t('batch.applying', { count, total })
      : batch.state === 'undoing'
        ? t('batch.undoing', { count, total })
        : total
          ? t('batch.checking_of', { count, total })
          : t('batch.checking', { count })
  return (
    <div className="admin-card" aria-live="polite">
      <p>{text}</p>
      <progress aria-label={t('batch.progress')} {...(total ? { value: count, max: total } : {})} />
      <p>
        <Link to={adminPath(lang, `batches/${batch.id}`)} className="admin-button">
          {t('batch.refresh')}
        </Link>
      </p>
    </div>
  )
}

export default function BatchPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, batch, kind, kinds, what } = loaderData
  const { t } = useTranslation('admin-batches')
  const busy = useNavigation().state !== 'idle'
  const checking = batch.state === 'checking'
  const working = checking || batch.state === 'applying' || batch.state === 'undoing'
  const stopped = batch.state === 'failed' || batch.state === 'interrupted'
  useWorkingPoll(working)
  const when = (at: string | null) =>
    at ? new Date(at).toLocaleString(lang === 'ru' ? 'ru-RU' : 'uz', { timeZone: 'Asia/Tashkent' }) : ''
  const refused = actionData
  return (
    <div className="batch-page">
      {working ? (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      ) : null}
      <div className="admin-page__head">
        <h1>{t('batch.title', { id: batch.id })}</h1>
        <span className={`admin-badge batch-state batch-state--${batch.state}`}>{t(`state.${batch.state}`)}</span>
      </div>
      <p>
        {t(`batches.${batch.kind}`)}: {what}
      </p>
      {working ? <WorkProgress batch={batch} lang={lang} /> : null}
      {stopped ? (
        <div className="batch-refused" role="alert">
          <p>{batch.error}</p>
          <Link to={adminPath(lang, 'products/import')}>{t('batch.new_import')}</Link>
        </div>
      ) : null}
      {!checking && !stopped ? <p aria-live="polite">{t('batch.counts', batch.counts)}</p> : null}
      {refused?.detail ? <RowList listed={refused} alert /> : null}
      {batch.refusal ? <RowList listed={batch.refusal} alert /> : null}
      {batch.state === 'applied' ? (
        <p>{t('batch.applied', { at: when(batch.applied_at), until: when(batch.undo_until) })}</p>
      ) : null}
      {batch.state === 'undone' ? <p>{t('batch.undone', { at: when(batch.undone_at) })}</p> : null}
      {batch.left_out ? (
        <RowList
          listed={{
            ...batch.left_out,
            detail: t(batch.left_out.action === 'apply' ? 'batch.left_out_apply' : 'batch.left_out_undo'),
          }}
        />
      ) : null}
      <div className="admin-actions">
        {batch.can_apply ? (
          <Form method="post">
            <button type="submit" name="intent" value="apply" className="button" disabled={busy}>
              {t('batch.apply')}
            </button>
          </Form>
        ) : null}
        {batch.state === 'previewed' && !batch.can_apply ? <p>{t('batch.nothing')}</p> : null}
        {batch.can_undo ? (
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="undo"
              className="admin-button admin-button--danger"
              disabled={busy}
            >
              {t('batch.undo')}
            </button>
            {batch.refusal?.action === 'undo' ? (
              <button type="submit" name="intent" value="undo-others" className="admin-button" disabled={busy}>
                {t('batch.undo_others')}
              </button>
            ) : null}
          </Form>
        ) : null}
      </div>
      {!checking && !stopped ? <BatchRows lang={lang} batch={batch} kind={kind} kinds={kinds} /> : null}
    </div>
  )
}

export const ErrorBoundary = AdminErrorBoundary
