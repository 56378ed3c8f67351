import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useSearchParams } from 'react-router'
import { LiveSearchPopup, useLiveSearch } from '#app/components/catalogue/live-search.tsx'
import type { Lang } from '#app/utils/i18n.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useNavigationEffect } from '#app/utils/use-navigation-effect.ts'
import { Icon } from '../icon.tsx'

/**
 * The header search: a plain GET form to the product list, so it works
 * without JavaScript. With it, the box becomes a combobox that suggests
 * products as you type (SPEC §2, §9).
 */
export function SearchForm({ lang, className }: { lang: Lang; className: string }) {
  const { t } = useTranslation()
  const id = useId()
  const [params] = useSearchParams()
  const current = params.get('search') ?? ''
  const hydrated = useHydrated()
  const live = useLiveSearch(lang)
  const { inputRef } = live
  // The box shows the search of the page it is on after a navigation. Not on hydration: it stays
  // uncontrolled so that text typed before the page came alive is kept (and looked up, app/utils/early-input.ts).
  useNavigationEffect(() => {
    if (inputRef.current && inputRef.current.value.trim() !== current) inputRef.current.value = current
  })
  return (
    <Form method="get" action={`/${lang}/products`} role="search" className={className}>
      <label htmlFor={id} className="visually-hidden">
        {t('shell.search_label')}
      </label>
      <div className="live-search">
        <input
          id={id}
          type="search"
          name="search"
          defaultValue={current}
          placeholder={t('shell.search_placeholder')}
          maxLength={99}
          autoComplete="off"
          enterKeyHint="search"
          {...(hydrated ? live.input : { ref: inputRef })}
        />
        {hydrated ? <LiveSearchPopup {...live} lang={lang} /> : null}
      </div>
      <button type="submit" aria-label={t('shell.search_submit')}>
        <Icon name="search" />
      </button>
    </Form>
  )
}
