import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { AdminProductPage } from '#api/types.ts'
import { ResponsiveImage } from '#app/components/catalogue/image.tsx'
import type { Lang } from '#app/utils/i18n.ts'
import { formatMoney } from '#app/utils/money.ts'
import { CorrectionForm, type StockActionData } from '../../+shared/stock/stock-forms.tsx'
import { TableHead } from '../../+shared/table-head.tsx'

type Row = AdminProductPage['results'][number]

const BULK_FORM = 'products-bulk'

/**
 * The products of one page. Each row's checkbox `id` belongs to the
 * bulk-actions GET form below the table (`form=` attribute: the rows hold
 * forms of their own, and forms can't nest); with `stock.write`, each row's
 * stock cell has a quick count (a staff correction, never an overwrite).
 */
export function ProductsTable({
  lang,
  products,
  stockEdit,
  actionData,
}: {
  lang: Lang
  products: Row[]
  stockEdit: boolean
  actionData?: StockActionData
}) {
  const { t } = useTranslation('admin-products')
  return (
    <div className="products-bulk">
      <table className="admin-table products-table">
        <TableHead
          columns={(['select', 'picture', 'product', 'brand', 'price', 'stock', 'state'] as const).map((key) =>
            t(`list.${key}`),
          )}
        />
        <tbody>
          {products.map((p) => (
            <tr key={p.id}>
              <td>
                <input
                  type="checkbox"
                  name="id"
                  value={p.id}
                  form={BULK_FORM}
                  aria-label={t('list.select_one', { title: p.title })}
                />
              </td>
              <td className="products-table__thumb">
                {p.picture ? (
                  <ResponsiveImage
                    links={p.picture}
                    alt=""
                    width={48}
                    height={48}
                    sizes="48px"
                    candidates={['extra_small', 'small']}
                  />
                ) : (
                  <span className="admin-muted">{t('list.no_picture')}</span>
                )}
              </td>
              <td>
                <Link to={`/${lang}/admin/products/${p.id}`}>{p.title}</Link>
              </td>
              <td data-label={t('list.brand')}>{p.brand.name}</td>
              <td data-label={t('list.price')}>
                {p.sale_price ? (
                  <>
                    <del>{formatMoney(p.price, lang)}</del> {formatMoney(p.sale_price, lang)}
                  </>
                ) : (
                  formatMoney(p.price, lang)
                )}
              </td>
              <td data-label={t('list.stock')}>
                {p.stock}{' '}
                <span
                  className={`admin-badge admin-badge--${p.stock_state === 'in' ? 'ok' : p.stock_state === 'low' ? 'warn' : 'off'}`}
                >
                  {t(`stock.${p.stock_state}`)}
                </span>
                {stockEdit ? (
                  <CorrectionForm productId={p.id} title={p.title} seen={p.stock} actionData={actionData} compact />
                ) : null}
              </td>
              <td>
                {p.is_hidden ? <span className="admin-badge admin-badge--off">{t('list.hidden')}</span> : null}
                {p.missing_languages.map((l) => (
                  <span key={l} className="admin-badge admin-badge--warn">
                    {t('list.missing', { lang: t(`languages.${l}`) })}
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form id={BULK_FORM} method="get" action={`/${lang}/admin/products/bulk`}>
        <button type="submit" className="admin-button">
          {t('list.bulk')}
        </button>
      </form>
    </div>
  )
}
