import { useTranslation } from 'react-i18next'
import { data, Link } from 'react-router'
import { useHydrated } from '#app/components/toaster.tsx'
import { requestLang } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { qrSvg } from '#app/utils/qr.server.ts'
import { Slip } from '../+shared/slip.tsx'
import { loadDeskOrder } from '../desk.server.ts'
import type { Route } from './+types/slip'
import '../../+shared/desk/pages.css'

/** The printable packing slip / delivery note of one order. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const order = await loadDeskOrder(context, params.id)
  return data({
    lang: requestLang(context),
    order,
    qr: qrSvg(order.number),
    title: serverT(context, 'admin-orders')('slip.meta_title', { number: order.number }),
  })
}

// The admin layout keeps every page out of caches and search engines.
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function SlipPage({ loaderData: { lang, order, qr } }: Route.ComponentProps) {
  const { t } = useTranslation('admin-orders')
  const hydrated = useHydrated()
  return (
    <div>
      <p className="desk-slip-toolbar admin-no-print">
        <Link to={`/${lang}/admin/orders/${order.id}`}>{t('slip.back')}</Link>
        {/* Without JavaScript the browser's own print command prints the same sheet. */}
        {hydrated ? (
          <button type="button" className="button" onClick={() => window.print()}>
            {t('slip.print')}
          </button>
        ) : null}
      </p>
      <Slip lang={lang} order={order} qr={qr} />
    </div>
  )
}
