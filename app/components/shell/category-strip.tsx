import { Fragment } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useSearchParams } from 'react-router'
import type { MenuItem } from '#api/types.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { ShopLink } from '../shop-link.tsx'

/** Header categories separated by dividers; the one in `sections` is marked on /products (SPEC §2). */
export function CategoryStrip({ items, lang }: { items: MenuItem[]; lang: Lang }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const [params] = useSearchParams()
  const onProducts = pathname === `/${lang}/products`
  const active = new Set(onProducts ? (params.get('sections') ?? '').split(',') : [])
  return (
    <nav className="category-strip" aria-label={t('shell.categories')}>
      <ul className="container">
        {items.map((item, index) => (
          <Fragment key={item.id}>
            {index > 0 ? <li className="category-strip__divider" aria-hidden="true" /> : null}
            <li>
              <ShopLink
                to={`/${lang}/products?sections=${encodeURIComponent(item.slug)}`}
                aria-current={active.has(item.slug) ? 'page' : undefined}
              >
                {item.title}
              </ShopLink>
            </li>
          </Fragment>
        ))}
      </ul>
    </nav>
  )
}
