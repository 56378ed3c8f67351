import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'

export const DISPATCH_FORM = 'dispatch'

export type CourierLoad = { id: number; name: string; role: string; load: number }

/**
 * Give the ticked orders to one courier: the orders' checkboxes in the
 * table belong to this form (`form="dispatch"`), so it works without
 * JavaScript; each courier is shown with the open orders they have.
 */
export function DispatchForm({ couriers }: { couriers: CourierLoad[] }) {
  const { t } = useTranslation('admin-orders')
  return (
    <section className="desk-card desk-dispatch" aria-labelledby="dispatch-title">
      <h2 id="dispatch-title">{t('dispatch.title')}</h2>
      <ul className="desk-dispatch__load" aria-label={t('dispatch.load')}>
        {couriers.map((c) => (
          <li key={c.id}>{t('actions.assignee_load', { name: c.name, count: c.load })}</li>
        ))}
      </ul>
      <Form method="post" id={DISPATCH_FORM} className="desk-actions__row">
        <input type="hidden" name="intent" value="dispatch" />
        <label className="desk-field">
          <span>{t('dispatch.to')}</span>
          <select name="staff_id" required defaultValue="">
            <option value="" disabled>
              {t('dispatch.pick_courier')}
            </option>
            {couriers.map((c) => (
              <option key={c.id} value={c.id}>
                {t('actions.assignee_load', { name: c.name, count: c.load })}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="admin-button">
          {t('dispatch.submit')}
        </button>
      </Form>
      <p className="desk-muted">{t('dispatch.hint')}</p>
    </section>
  )
}
