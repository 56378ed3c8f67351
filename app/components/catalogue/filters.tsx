import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Lang } from '#app/utils/i18n.ts'
import { currencyWord } from '#app/utils/money.ts'
import { audiences, listSearch, parseListParams } from './list-params.ts'
import type { ListingView } from './types.ts'

type Props = {
  id: string
  listing: ListingView
  lang: Lang
  basePath: string
  fixedSections?: boolean
  /** With JavaScript: apply without a full page load (and on every tick of a box). */
  onApply?: (form: HTMLFormElement) => void
}

/**
 * The filter panel: a plain GET form, so it works without JavaScript. It sits
 * in a <details>, closed on phones; on wide screens CSS shows it as a side
 * panel whatever the state (where ::details-content is supported; elsewhere
 * the summary opens it).
 */
export function Filters({ id, listing, lang, basePath, fixedSections, onApply }: Props) {
  const { t } = useTranslation('catalogue')
  const { filters, brandOptions } = listing
  const chosen = new Set(filters.brand)
  // Chosen brands first, so they stay in sight in the scrolling box.
  const brands = [...brandOptions].sort((a, b) => Number(chosen.has(b.slug)) - Number(chosen.has(a.slug)))
  const reset = `${basePath}${listSearch({
    ...parseListParams(new URLSearchParams()),
    search: filters.search,
    sections: fixedSections ? [] : filters.sections,
  })}`
  return (
    <details className="filters">
      {/* biome-ignore lint/a11y/useSemanticElements: <summary> opens <details> without JavaScript; role=button names it for screen readers. */}
      <summary role="button">{t('filters.title')}</summary>
      <form
        id={id}
        method="get"
        action={basePath}
        className="filters__form"
        onSubmit={
          onApply
            ? (event) => {
                event.preventDefault()
                onApply(event.currentTarget)
              }
            : undefined
        }
        onChange={
          onApply
            ? (event) => {
                const target: EventTarget = event.target
                if (target instanceof HTMLInputElement && target.type === 'checkbox')
                  event.currentTarget.requestSubmit()
              }
            : undefined
        }
      >
        {filters.search ? <input type="hidden" name="search" value={filters.search} /> : null}
        {!fixedSections && filters.sections.length ? (
          <input type="hidden" name="sections" value={filters.sections.join(',')} />
        ) : null}
        {filters.recommended ? <input type="hidden" name="recommended" value="1" /> : null}

        <fieldset>
          <legend>{t('filters.availability')}</legend>
          <label className="check">
            <input type="checkbox" name="in_stock" value="1" defaultChecked={filters.inStock} />
            {t('filters.in_stock')}
          </label>
          <label className="check">
            <input type="checkbox" name="sale" value="1" defaultChecked={filters.sale} />
            {t('filters.sale')}
          </label>
        </fieldset>

        <fieldset>
          <legend>{t('filters.audience')}</legend>
          {audiences.map((audience) => (
            <label className="check" key={audience}>
              <input
                type="checkbox"
                name="audience"
                value={audience}
                defaultChecked={filters.audience.includes(audience)}
              />
              {t(`audience.${audience}`)}
            </label>
          ))}
        </fieldset>

        <fieldset className="filters__price">
          <legend>{t('filters.price', { currency: currencyWord[lang] })}</legend>
          <label>
            <span>{t('filters.price_from')}</span>
            <input
              type="number"
              name="price_from"
              min={0}
              step={1000}
              inputMode="numeric"
              defaultValue={filters.priceFrom ?? ''}
            />
          </label>
          <label>
            <span>{t('filters.price_to')}</span>
            <input
              type="number"
              name="price_to"
              min={0}
              step={1000}
              inputMode="numeric"
              defaultValue={filters.priceTo ?? ''}
            />
          </label>
        </fieldset>

        {brands.length ? (
          <fieldset>
            <legend>{t('filters.brand')}</legend>
            <div className="filters__brands">
              {brands.map((brand) => (
                <label className="check" key={brand.slug}>
                  <input type="checkbox" name="brand" value={brand.slug} defaultChecked={chosen.has(brand.slug)} />
                  {brand.name}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}

        <div className="filters__actions">
          <button type="submit" className="button">
            {t('filters.apply')}
          </button>
          <Link to={reset} className="filters__reset">
            {t('filters.reset')}
          </Link>
        </div>
      </form>
    </details>
  )
}
