import type { TFunction } from 'i18next'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { ListingView } from '#app/components/catalogue/views.ts'
import { maskAmountField, showAmount } from '#app/utils/amount-input.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { currencyWord } from '#app/utils/money.ts'
import { audiences, type ListFilters, listReset, type PriceError, parseListParams } from './list-params.ts'

type T = TFunction<'catalogue'>

type Props = {
  id: string
  listing: ListingView
  lang: Lang
  basePath: string
  fixedSections?: boolean
  /** With JavaScript: apply without a full page load. */
  onApply?: (form: HTMLFormElement) => void
  /** Apply on every tick of a box (the desktop side panel), not only with the button. */
  autoApply?: boolean
  /** A search box above the brands that hides the ones not matching (the phone sheet, with JavaScript). */
  brandSearch?: boolean
  /** The apply button's words when not just "Show" (the phone sheet: how many it will show). */
  applyLabel?: string
  /** Every change of a filter (the phone sheet counts what the form would show). */
  onFormChange?: (form: HTMLFormElement) => void
}

/**
 * The filter form: a plain GET form, so it works without JavaScript. The side
 * panel on wide screens; on phones the same form in a bottom sheet (with
 * JavaScript) or on its own page (?filters=1, without).
 */
export function Filters({
  id,
  listing,
  lang,
  basePath,
  fixedSections,
  onApply,
  autoApply,
  brandSearch,
  applyLabel,
  onFormChange,
}: Props) {
  const { t } = useTranslation('catalogue')
  const { filters, brandOptions } = listing
  const errorId = useId()
  // Checked in the browser before a JavaScript apply, so a sheet stays open with its error.
  const [checked, setChecked] = useState<PriceError | null>(null)
  const error = checked ?? filters.priceError
  const chosen = new Set(filters.brand)
  // One box for the other way of showing a line's sizes than the shop's own (a box unticked sends nothing).
  const otherSizes = filters.sizes ?? (listing.sizes === 'together' ? 'separate' : 'together')
  // Chosen brands first, so they stay in sight in the scrolling box.
  const brands = [...brandOptions].sort((a, b) => Number(chosen.has(b.slug)) - Number(chosen.has(a.slug)))
  const reset = listReset(filters, basePath, fixedSections)
  return (
    <form
      id={id}
      method="get"
      action={basePath}
      className="filters__form"
      aria-label={t('filters.title')}
      noValidate
      onSubmit={
        onApply
          ? (event) => {
              event.preventDefault()
              const form = event.currentTarget
              const wrong = parseListParams(formParams(form)).priceError
              setChecked(wrong)
              if (wrong)
                form.querySelector<HTMLInputElement>(`[name=${wrong === 'to' ? 'price_to' : 'price_from'}]`)?.focus()
              else onApply(form)
            }
          : undefined
      }
      onChange={(event) => {
        const target: EventTarget = event.target
        // The brand search box only narrows the list of brands: it is not a filter.
        if (!(target instanceof HTMLInputElement) || !target.name) return
        if (onApply && autoApply && target.type === 'checkbox') event.currentTarget.requestSubmit()
        onFormChange?.(event.currentTarget)
      }}
    >
      {filters.search ? <input type="hidden" name="search" value={filters.search} /> : null}
      {!fixedSections && filters.sections.length ? (
        <input type="hidden" name="sections" value={filters.sections.join(',')} />
      ) : null}
      {filters.recommended ? <input type="hidden" name="recommended" value="1" /> : null}

      <ChoiceFields t={t} filters={filters} otherSizes={otherSizes} />
      <PriceFields t={t} lang={lang} filters={filters} error={error} errorId={errorId} />

      {brands.length ? <BrandList brands={brands} chosen={chosen} search={brandSearch} /> : null}

      <div className="filters__actions">
        <button type="submit" className="button">
          {applyLabel ?? t('filters.apply')}
        </button>
        <Link to={reset} className="filters__reset">
          {t('filters.reset')}
        </Link>
      </div>
    </form>
  )
}

/** In stock, on sale, for whom, and how a line's sizes show. */
function ChoiceFields({ t, filters, otherSizes }: { t: T; filters: ListFilters; otherSizes: 'separate' | 'together' }) {
  return (
    <>
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

      <fieldset>
        <legend>{t('filters.sizes')}</legend>
        <label className="check">
          <input type="checkbox" name="sizes" value={otherSizes} defaultChecked={filters.sizes !== null} />
          {t(otherSizes === 'separate' ? 'filters.sizes_separate' : 'filters.sizes_together')}
        </label>
      </fieldset>
    </>
  )
}

/** The price range, grouped as the shop prints sums; a wrong one comes back as typed, with why. */
function PriceFields({
  t,
  lang,
  filters,
  error,
  errorId,
}: {
  t: T
  lang: Lang
  filters: ListFilters
  error: PriceError | null
  errorId: string
}) {
  const priceField = (name: 'price_from' | 'price_to', side: 'from' | 'to', value: number | null) => {
    const invalid = error === side || error === 'range'
    return (
      <label>
        <span>{t(`filters.${name}`)}</span>
        <input
          type="text"
          name={name}
          inputMode="numeric"
          autoComplete="off"
          maxLength={30}
          defaultValue={filters.priceError ? filters.priceText[side] : showAmount(value)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onInput={(event) => maskAmountField(event.currentTarget)}
        />
      </label>
    )
  }
  return (
    <fieldset className="filters__price">
      <legend>{t('filters.price', { currency: currencyWord[lang] })}</legend>
      {priceField('price_from', 'from', filters.priceFrom)}
      {priceField('price_to', 'to', filters.priceTo)}
      {error ? (
        <p id={errorId} className="filters__error" role="alert">
          {t(error === 'range' ? 'filters.price_range' : 'filters.price_invalid')}
        </p>
      ) : null}
    </fieldset>
  )
}

/** A form's fields as a query (repeated names kept). */
export function formParams(form: HTMLFormElement) {
  const params = new URLSearchParams()
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') params.append(name, value)
  return params
}

function BrandList({
  brands,
  chosen,
  search,
}: {
  brands: ListingView['brandOptions']
  chosen: Set<string>
  search?: boolean
}) {
  const { t } = useTranslation('catalogue')
  const [query, setQuery] = useState('')
  const words = query.trim().toLocaleLowerCase()
  // Hidden, not removed: a chosen brand out of sight is still sent with the form.
  const shown = (name: string) => !words || name.toLocaleLowerCase().includes(words)
  const none = words !== '' && !brands.some((brand) => shown(brand.name))
  return (
    <fieldset>
      <legend>{t('filters.brand')}</legend>
      {search ? (
        <input
          type="search"
          className="filters__brand-search"
          aria-label={t('filters.brand_search')}
          placeholder={t('filters.brand_search')}
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
      ) : null}
      <div className="filters__brands">
        {brands.map((brand) => (
          <label className="check" key={brand.slug} hidden={!shown(brand.name)}>
            <input type="checkbox" name="brand" value={brand.slug} defaultChecked={chosen.has(brand.slug)} />
            {brand.name}
          </label>
        ))}
        {none ? <p className="filters__none">{t('filters.brand_none')}</p> : null}
      </div>
    </fieldset>
  )
}
