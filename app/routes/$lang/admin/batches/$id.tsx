import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link, redirect, useNavigation, useRevalidator } from 'react-router'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { rowKinds } from '#contract/catalogue-batches.ts'
import { AdminErrorBoundary } from '../+shared/admin-error.tsx'
import { adminPath } from '../+shared/staff.ts'
import { byIntent, pageId, refusedAnswer, staffLoad } from '../forms.server.ts'
import { BatchRows } from './+shared/batch-rows.tsx'
import type { Route } from './+types/$id'
import { batchWhat } from './batches.server.ts'
import '../+shared/batches/batches.css'

const PAGE_SIZE = 100

/** A batch: while its file is checked, the progress; then the preview (or the result) with Apply or Undo. */
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

/** Apply, undo, or undo the rows nobody changed since; a refusal lists the rows. */
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
    apply: () => run('apply', () => api.send('POST', `admin/batches/${id}/apply/`), t('batch.applied_toast')),
    undo: () => run('undo', undo(false), t('batch.undone_toast')),
    'undo-others': () => run('undo-others', undo(true), t('batch.undone_toast')),
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

/** Polls a batch whose file is being checked: with JS by revalidating, without by the refresh in <noscript>. */
function useCheckingPoll(checking: boolean) {
  const { revalidate, state } = useRevalidator()
  useEffect(() => {
    if (!checking || state !== 'idle') return
    const timer = setTimeout(() => revalidate(), 1000)
    return () => clearTimeout(timer)
  }, [checking, state, revalidate])
}

function Refused({ answer }: { answer: { detail: string; rows: { field: string; message: string }[] } }) {
  return (
    <div className="batch-refused" role="alert">
      <p>{answer.detail}</p>
      {answer.rows.length ? (
        <ul>
          {answer.rows.map((row) => (
            <li key={row.field}>{row.message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

export default function BatchPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, batch, kind, kinds, what } = loaderData
  const { t } = useTranslation('admin-batches')
  const busy = useNavigation().state !== 'idle'
  const checking = batch.state === 'checking'
  useCheckingPoll(checking)
  const when = (at: string | null) =>
    at ? new Date(at).toLocaleString(lang === 'ru' ? 'ru-RU' : 'uz', { timeZone: 'Asia/Tashkent' }) : ''
  const refused = actionData
  return (
    <div className="batch-page">
      {checking ? (
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
      {checking ? (
        <div className="admin-card" aria-live="polite">
          <p>{t('batch.checking', { count: batch.progress })}</p>
          <progress aria-label={t('batch.progress')} />
          <p>
            <Link to={adminPath(lang, `batches/${batch.id}`)} className="admin-button">
              {t('batch.refresh')}
            </Link>
          </p>
        </div>
      ) : null}
      {batch.state === 'failed' ? (
        <div className="batch-refused" role="alert">
          <p>{batch.error}</p>
          <Link to={adminPath(lang, 'products/import')}>{t('batch.new_import')}</Link>
        </div>
      ) : null}
      {!checking && batch.state !== 'failed' ? <p aria-live="polite">{t('batch.counts', batch.counts)}</p> : null}
      {refused?.detail ? <Refused answer={refused} /> : null}
      {batch.state === 'applied' ? (
        <p>{t('batch.applied', { at: when(batch.applied_at), until: when(batch.undo_until) })}</p>
      ) : null}
      {batch.state === 'undone' ? <p>{t('batch.undone', { at: when(batch.undone_at) })}</p> : null}
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
            {refused?.intent === 'undo' && refused.rows.length ? (
              <button type="submit" name="intent" value="undo-others" className="admin-button" disabled={busy}>
                {t('batch.undo_others')}
              </button>
            ) : null}
          </Form>
        ) : null}
      </div>
      {!checking && batch.state !== 'failed' ? <BatchRows lang={lang} batch={batch} kind={kind} kinds={kinds} /> : null}
    </div>
  )
}

export const ErrorBoundary = AdminErrorBoundary
