import { Fragment, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useSearchParams } from 'react-router'
import type { MenuItem } from '#api/types.ts'
import type { Lang } from '#app/utils/i18n.ts'
import type { MenuGroup } from '#app/utils/shell.server.ts'
import { useNavigationEffect } from '#app/utils/use-navigation-effect.ts'
import { Icon } from '../icon.tsx'
import { ShopLink } from '../shop-link.tsx'

/**
 * The header's strip: on wide screens the category groups, each opening its
 * categories, then the header sections separated by dividers; the one in
 * `sections` is marked on /products (SPEC §2). Phones have the groups in the menu drawer.
 */
export function CategoryStrip({ items, groups, lang }: { items: MenuItem[]; groups: MenuGroup[]; lang: Lang }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const [params] = useSearchParams()
  const onProducts = pathname === `/${lang}/products`
  const active = new Set(onProducts ? (params.get('sections') ?? '').split(',') : [])
  return (
    <nav className="category-strip" aria-label={t('shell.categories')}>
      <ul className="container">
        {groups.map((group) => (
          <GroupMenu key={group.id ?? 'other'} group={group} lang={lang} />
        ))}
        {items.map((item, index) => (
          <Fragment key={item.id}>
            {index > 0 ? <li className="category-strip__divider" aria-hidden="true" /> : null}
            {/* After the groups, which phones don't show here. */}
            {index === 0 && groups.length > 0 ? (
              <li className="category-strip__divider category-strip__group" aria-hidden="true" />
            ) : null}
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

/**
 * One group as a dropdown of its categories. <details name> keeps one open at a
 * time without JavaScript; with it, Escape, a click elsewhere and navigation close it.
 */
function GroupMenu({ group, lang }: { group: MenuGroup; lang: Lang }) {
  const ref = useRef<HTMLDetailsElement>(null)
  useNavigationEffect(() => {
    if (ref.current) ref.current.open = false
  })
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      if (ref.current?.open && !ref.current.contains(event.target as Node)) ref.current.open = false
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !ref.current?.open) return
      ref.current.open = false
      ref.current.querySelector('summary')?.focus()
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [])
  return (
    <li className="category-strip__group">
      <details ref={ref} name="category-groups">
        {/* biome-ignore lint/a11y/useSemanticElements: <summary> is what opens <details> without JavaScript; role=button names it for screen readers. */}
        <summary role="button">
          {group.title}
          <Icon name="chevron-down" size={16} />
        </summary>
        <ul className="category-strip__children">
          {group.children.map((category) => (
            <li key={category.id}>
              <Link to={`/${lang}/products/category/${category.slug}`}>{category.title}</Link>
            </li>
          ))}
        </ul>
      </details>
    </li>
  )
}
