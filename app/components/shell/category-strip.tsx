import { type ReactNode, useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useSearchParams } from 'react-router'
import type { MenuItem } from '#api/types.ts'
import type { Lang } from '#app/utils/i18n.ts'
import type { MenuGroup } from '#app/utils/shell.server.ts'
import { useNavigationEffect } from '#app/utils/use-navigation-effect.ts'
import { Icon } from '../icon.tsx'
import { ShopLink } from '../shop-link.tsx'

/**
 * The header's strip (SPEC §2): on wide screens one row, the category groups
 * first, each opening its categories, then the header sections separated by
 * dividers, as many as fit, and "More" with the rest; the section in
 * `sections` is marked on /products. Phones have the groups in the menu
 * drawer and scroll the sections sideways.
 *
 * The sections' list is one row high and clips what wraps (app.css); once
 * the page is alive it measures which ones wrapped, takes them out of the
 * row's reach (inert) and lists only those under "More". Before that, and
 * without JavaScript, "More" lists them all.
 */
export function CategoryStrip({ items, groups, lang }: { items: MenuItem[]; groups: MenuGroup[]; lang: Lang }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const [params] = useSearchParams()
  const onProducts = pathname === `/${lang}/products`
  const active = new Set(onProducts ? (params.get('sections') ?? '').split(',') : [])
  const row = useRef<HTMLUListElement>(null)
  // How many sections the row shows; null until measured.
  const [fit, setFit] = useState<number | null>(null)
  useLayoutEffect(() => {
    const list = row.current
    if (!list) return
    const measure = () => {
      const tops = [...list.children].map((item) => (item as HTMLElement).offsetTop)
      const wrapped = tops.findIndex((top) => top > (tops[0] ?? 0))
      setFit(wrapped < 0 ? tops.length : wrapped)
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(list)
    return () => observer.disconnect()
  }, [])
  const link = (item: MenuItem) => (
    <ShopLink
      to={`/${lang}/products?sections=${encodeURIComponent(item.slug)}`}
      aria-current={active.has(item.slug) ? 'page' : undefined}
    >
      {item.title}
    </ShopLink>
  )
  const rest = items.slice(fit ?? 0)
  return (
    <nav className="category-strip" aria-label={t('shell.categories')}>
      <div className="container category-strip__row">
        {groups.length ? (
          <ul className="category-strip__groups">
            {groups.map((group) => (
              <StripMenu key={group.id ?? 'other'} id={`category-group-${group.id ?? 'other'}`} label={group.title}>
                {group.children.map((category) => (
                  <li key={category.id}>
                    <Link to={`/${lang}/products/category/${category.slug}`}>{category.title}</Link>
                  </li>
                ))}
              </StripMenu>
            ))}
          </ul>
        ) : null}
        <ul className="category-strip__sections" ref={row}>
          {items.map((item, index) => (
            <li key={item.id} inert={fit !== null && index >= fit}>
              {link(item)}
            </li>
          ))}
        </ul>
        {rest.length ? (
          <ul className="category-strip__groups category-strip__more">
            <StripMenu id="category-more" label={t('shell.more')} current={rest.some((item) => active.has(item.slug))}>
              {rest.map((item) => (
                <li key={item.id}>{link(item)}</li>
              ))}
            </StripMenu>
          </ul>
        ) : null}
      </div>
    </nav>
  )
}

/**
 * A dropdown of the strip: a popover, so that it opens over the page (the top
 * layer, below its button: app.css), one at a time, and closes on Escape or a
 * click beside it, all without JavaScript; with it, navigation closes it too.
 */
function StripMenu({
  id,
  label,
  current,
  children,
}: {
  id: string
  label: string
  current?: boolean
  children: ReactNode
}) {
  const ref = useRef<HTMLUListElement>(null)
  useNavigationEffect(() => {
    if (ref.current?.matches(':popover-open')) ref.current.hidePopover()
  })
  return (
    <li className="category-strip__group">
      <button type="button" popoverTarget={id} className="category-strip__toggle" data-current={current || undefined}>
        {label}
        <Icon name="chevron-down" size={16} />
      </button>
      <ul id={id} ref={ref} popover="auto" className="category-strip__children">
        {children}
      </ul>
    </li>
  )
}
