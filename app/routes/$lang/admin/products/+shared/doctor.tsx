import { useTranslation } from 'react-i18next'
import type { AdminProduct } from '#api/types.ts'

/** The product doctor: what keeps the product from being bought or found, first; then what shows it worse. */
export function Doctor({ reasons }: { reasons: AdminProduct['doctor'] }) {
  const { t } = useTranslation('admin-products')
  const blocking = reasons.filter((r) => r.blocks)
  return (
    <section
      className={`admin-card products-doctor${blocking.length ? ' products-doctor--blocked' : ''}`}
      aria-labelledby="product-doctor"
    >
      <h2 id="product-doctor">{t('doctor.title')}</h2>
      {reasons.length ? (
        <ul>
          {reasons.map((r) => (
            <li key={`${r.code}-${r.lang ?? ''}`}>
              <span className={`admin-badge ${r.blocks ? 'admin-badge--off' : 'admin-badge--warn'}`}>
                {r.blocks ? t('doctor.blocks') : t('doctor.warns')}
              </span>{' '}
              {r.message}
            </li>
          ))}
        </ul>
      ) : (
        <p>
          <span className="admin-badge admin-badge--ok">{t('doctor.ok')}</span> {t('doctor.ok_text')}
        </p>
      )}
    </section>
  )
}
