import { useTranslation } from 'react-i18next'
import { Form, Link, redirect } from 'react-router'
import type { CashHolder } from '#api/types.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { idOf } from '#app/utils/ids.ts'
import { formatMoney } from '#app/utils/money.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { z } from '#contract/zod.ts'
import type { Route } from './+types/cash'
import { byIntent, fieldsOf, refusedBack, staffLoad } from './forms.server.ts'
import './+shared/desk/pages.css'

/** The day's cash per courier: what each holds, took and handed over today (orders.write). */
export async function loader({ context }: Route.LoaderArgs) {
  const cash = await staffLoad(context, 'admin/cash/')
  return {
    lang: requestLang(context),
    holders: cash.results,
    title: serverT(context, 'admin-orders')('cash.meta_title'),
  }
}

/** A handover: whose cash, and the sum the manager saw and counted (the API refuses it if it changed since). */
const handoverForm = z.object({
  staff_id: z
    .string()
    .transform((id) => idOf(id))
    .pipe(z.number()),
  amount: z.coerce.number().int().min(1),
})

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const here = `/${requestLang(context)}/admin/cash`
  const t = serverT(context, 'admin-orders')
  return byIntent(form, {
    handover: async () => {
      const body = fieldsOf(form, handoverForm)
      try {
        const done = await staffApi(context).send('POST', 'admin/cash/handovers/', body)
        flash(context, { type: 'success', message: t('cash.handed', { count: done.orders_count }) })
      } catch (error) {
        return refusedBack(context, error, here, t('actions.failed'))
      }
      return redirect(here)
    },
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function CashDay({ loaderData }: Route.ComponentProps) {
  const { lang, holders } = loaderData
  const { t } = useTranslation('admin-orders')
  return (
    <div className="desk-page">
      <h1>{t('cash.title')}</h1>
      {holders.length ? (
        <ul className="desk-deliveries" aria-label={t('cash.holders')}>
          {holders.map((holder) => (
            <HolderCard key={holder.staff.id} lang={lang} holder={holder} />
          ))}
        </ul>
      ) : (
        <p className="desk-muted">{t('cash.none')}</p>
      )}
    </div>
  )
}

function HolderCard({ lang, holder }: { lang: Lang; holder: CashHolder }) {
  const { t } = useTranslation('admin-orders')
  const id = `holder-${holder.staff.id}`
  return (
    <li className="desk-card">
      <article aria-labelledby={id}>
        <h2 id={id}>{holder.staff.name}</h2>
        <p>
          <strong>{t('cash.held', { amount: formatMoney(holder.held, lang) })}</strong>
        </p>
        {holder.payments.length ? (
          <ul aria-label={t('cash.orders_of', { name: holder.staff.name })}>
            {holder.payments.map((p) => (
              <li key={`${p.order_id}-${p.collected_at}`}>
                <Link to={`/${lang}/admin/orders/${p.order_id}`}>
                  {t('cash.order_line', { number: p.number, amount: formatMoney(p.amount, lang) })}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="desk-muted">
          {t('cash.today', {
            collected: formatMoney(holder.collected_today, lang),
            handed: formatMoney(holder.handed_today, lang),
          })}
        </p>
        {holder.held > 0 ? (
          <Form method="post" className="desk-actions__row">
            <input type="hidden" name="staff_id" value={holder.staff.id} />
            <input type="hidden" name="amount" value={holder.held} />
            <button type="submit" name="intent" value="handover" className="button">
              {t('cash.receive', { amount: formatMoney(holder.held, lang), name: holder.staff.name })}
            </button>
          </Form>
        ) : null}
      </article>
    </li>
  )
}
