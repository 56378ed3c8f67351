import { useTranslation } from 'react-i18next'
import type { ProductDetail } from '#api/types.ts'
import { ShopLink } from '#app/components/shop-link.tsx'
import type { Lang } from '#app/utils/i18n.ts'
import { currencyWord, formatAmount } from '#app/utils/money.ts'

type Line = NonNullable<ProductDetail['line']>

/**
 * The line's sizes as Notino shows them: a row of compact chips per
 * concentration (the API's `groups`), each with its price and price per 10 ml,
 * this page's size marked, sold-out ones dimmed. Every chip is a link to its
 * own page (address, canonical, price, basket button), so choosing works the
 * same with or without JavaScript.
 */
export function LineChoices({ line, current, lang }: { line: Line; current: number; lang: Lang }) {
  const { t } = useTranslation('catalogue')
  if (line.members.length < 2) return null
  const byId = new Map(line.members.map((m) => [m.id, m]))
  // One group of an unnamed concentration needs no heading.
  const headed = line.groups.length > 1 || line.groups[0]?.concentration !== null
  return (
    <nav className="line-choices" aria-labelledby="line-choices-title">
      <h2 id="line-choices-title" className="line-choices__title">
        {t('line.title')}
      </h2>
      {line.groups.map((group) => {
        const headingId = `line-group-${group.concentration ?? 'other'}`
        return (
          <section key={headingId} className="line-choices__group" aria-labelledby={headed ? headingId : undefined}>
            {headed ? (
              <h3 id={headingId} className="line-choices__group-title">
                {group.name}
              </h3>
            ) : null}
            <ul className="line-choices__list">
              {group.member_ids.flatMap((id) => {
                const choice = byId.get(id)
                return choice ? [<Choice key={id} choice={choice} current={id === current} lang={lang} t={t} />] : []
              })}
            </ul>
          </section>
        )
      })}
    </nav>
  )
}

function Choice({
  choice,
  current,
  lang,
  t,
}: {
  choice: Line['members'][number]
  current: boolean
  lang: Lang
  t: ReturnType<typeof useTranslation<'catalogue'>>['t']
}) {
  const onSale = choice.sale_price !== null && choice.sale_price < choice.price
  return (
    <li>
      <ShopLink
        to={`/${lang}/products/${choice.slug}`}
        className={choice.in_stock ? 'line-choices__choice' : 'line-choices__choice line-choices__choice--out'}
        aria-current={current ? 'page' : undefined}
        // The page stays where the shopper chose; only what the choice changes changes.
        preventScrollReset
      >
        <span className="line-choices__label">{choice.size_label}</span>{' '}
        <span className={onSale ? 'line-choices__price line-choices__price--sale' : 'line-choices__price'}>
          {onSale ? <span className="visually-hidden">{t('price.sale')}: </span> : null}
          {/* The sum's word is said, not shown: the figure alone fits a chip at 320 px, beside the page's own price. */}
          {formatAmount(choice.sale_price ?? choice.price)}
          <span className="visually-hidden">{`\u00a0${currencyWord[lang]}`}</span>
        </span>{' '}
        {choice.price_per_10 !== null ? (
          <span className="line-choices__per">
            {t('line.per_10_short', { price: formatAmount(choice.price_per_10), unit: t(`unit.${choice.unit}`) })}
          </span>
        ) : null}
        {choice.in_stock ? null : <span className="visually-hidden">{t('stock.out')}</span>}
      </ShopLink>
    </li>
  )
}
