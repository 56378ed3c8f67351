import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Lang } from '#app/utils/i18n.ts'
import { formatMoney } from '#app/utils/money.ts'
import type { DeskOrder, DeskTimelineStep } from './types.ts'

// Tashkent time, the same on the server and in the browser (hydration sees one text).
const stamp = new Intl.DateTimeFormat('ru-RU', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Asia/Tashkent',
})

/** Fields whose values are sums of money. */
const money = new Set([
  'discount',
  'cashback_used',
  'delivery_price',
  'total',
  'refund',
  'extra',
  'cashback_back',
  'cashback_taken',
])

/**
 * Every status change and what staff did besides (notes, edits, returns,
 * refunds), oldest first, with who did it (a staff member by name) and why;
 * an edit or return shows what it changed, before → after. For those who may
 * read it, a link to all of the order's entries in the audit log.
 */
export function OrderTimeline({
  lang,
  timeline,
  auditHref,
}: {
  lang: Lang
  timeline: DeskOrder['timeline']
  auditHref: string | null
}) {
  const { t } = useTranslation('admin-orders')
  const who = (step: DeskTimelineStep) => {
    if (step.staff) return step.staff.name
    if (step.actor.startsWith('customer')) return t('order.by_customer')
    if (step.actor.startsWith('key:')) return t('order.by_key')
    return t('order.by_system')
  }
  const value = (field: string, v: string | number | null) => {
    if (v === null || v === '') return '—'
    if (typeof v === 'number' && money.has(field)) return formatMoney(v, lang)
    if (field === 'delivery') return t(`deliveries.${v}`, { defaultValue: String(v) })
    if (field === 'method') return t(`refunds.methods.${v}`, { defaultValue: String(v) })
    if (field === 'extra_by') return t(`refunds.exchange_by.${v}`, { defaultValue: String(v) })
    return String(v)
  }
  return (
    <section aria-labelledby="desk-timeline" className="desk-card">
      <h2 id="desk-timeline">{t('order.timeline')}</h2>
      {timeline.length ? (
        <ol className="desk-timeline">
          {timeline.map((step) => (
            <li key={`${step.kind}-${step.id}`} className={`desk-timeline__step desk-timeline__step--${step.kind}`}>
              <time dateTime={step.at}>{stamp.format(new Date(step.at))}</time>{' '}
              <strong>{step.to ? step.to.label : t(`timeline.${step.kind}`)}</strong>
              <span className="desk-muted"> · {t('order.by', { name: who(step) })}</span>
              {step.reason ? (
                <p className="desk-timeline__reason">
                  {t('order.reason', {
                    reason: t(`order.cancel_reasons.${step.reason}`, { defaultValue: step.reason }),
                  })}
                </p>
              ) : null}
              {step.text ? <p className="desk-timeline__reason">{step.text}</p> : null}
              {step.changes?.length ? (
                <dl className="desk-changes">
                  {step.changes.map((change) => (
                    <div key={change.field}>
                      <dt>{t(`changes.${change.field}`, { defaultValue: change.field })}</dt>
                      <dd>
                        {change.before === null && step.kind !== 'edit' ? null : (
                          <>
                            <del>{value(change.field, change.before)}</del> →{' '}
                          </>
                        )}
                        <ins>{value(change.field, change.after)}</ins>
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="desk-muted">{t('order.timeline_empty')}</p>
      )}
      {auditHref ? (
        <p>
          <Link to={auditHref}>{t('order.audit_link')}</Link>
        </p>
      ) : null}
    </section>
  )
}
