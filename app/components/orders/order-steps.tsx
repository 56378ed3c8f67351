import { useTranslation } from 'react-i18next'
import type { OrderStep } from '#api/types.ts'

/**
 * The progress of an order (SPEC §2): approved, on the way, delivered; a
 * pickup order: approved, ready to collect, handed over. The last step
 * reached is the current one; a cancelled or unpaid order has none.
 */
export function OrderSteps({ steps, delivery }: { steps: OrderStep[]; delivery: string }) {
  const { t } = useTranslation('orders')
  const words = delivery === 'pickup' ? 'order.steps_pickup' : 'order.steps'
  const current = steps.filter((s) => s.done).at(-1)?.status
  return (
    <ol className="order-steps" aria-label={t('order.progress')}>
      {steps.map((step) => (
        <li
          key={step.status}
          className={`order-steps__step${step.done ? ' order-steps__step--done' : ''}${step.status === current ? ' order-steps__step--current' : ''}`}
          aria-current={step.status === current ? 'step' : undefined}
        >
          <span className="order-steps__mark" aria-hidden="true">
            {step.done ? '✓' : ''}
          </span>
          <span>{t(`${words}.${step.name}`, { defaultValue: step.label })}</span>
          {step.done ? <span className="visually-hidden"> — {t('order.step_done')}</span> : null}
        </li>
      ))}
    </ol>
  )
}
