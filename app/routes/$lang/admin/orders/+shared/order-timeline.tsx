import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
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

/**
 * Every status change, oldest first, with who made it (a staff member by
 * name) and why; for those who may read it, a link to all of the order's
 * entries in the audit log.
 */
export function OrderTimeline({ timeline, auditHref }: { timeline: DeskOrder['timeline']; auditHref: string | null }) {
  const { t } = useTranslation('admin-orders')
  const who = (step: DeskTimelineStep) => {
    if (step.staff) return step.staff.name
    if (step.actor.startsWith('customer')) return t('order.by_customer')
    if (step.actor.startsWith('key:')) return t('order.by_key')
    return t('order.by_system')
  }
  return (
    <section aria-labelledby="desk-timeline" className="desk-card">
      <h2 id="desk-timeline">{t('order.timeline')}</h2>
      {timeline.length ? (
        <ol className="desk-timeline">
          {timeline.map((step) => (
            <li key={`${step.at}-${step.to.status}`} className="desk-timeline__step">
              <time dateTime={step.at}>{stamp.format(new Date(step.at))}</time> <strong>{step.to.label}</strong>
              <span className="desk-muted"> · {t('order.by', { name: who(step) })}</span>
              {step.reason ? (
                <p className="desk-timeline__reason">
                  {t('order.reason', {
                    reason: t(`order.cancel_reasons.${step.reason}`, { defaultValue: step.reason }),
                  })}
                </p>
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
