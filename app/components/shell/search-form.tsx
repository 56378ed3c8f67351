import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useSearchParams } from 'react-router'
import type { Lang } from '#app/lib/i18n.ts'
import { Icon } from '../icon.tsx'

/** The header search: a plain GET form to the product list, so it works without JavaScript. */
export function SearchForm({ lang, className }: { lang: Lang; className: string }) {
  const { t } = useTranslation()
  const id = useId()
  const [params] = useSearchParams()
  return (
    <Form method="get" action={`/${lang}/products`} role="search" className={className}>
      <label htmlFor={id} className="visually-hidden">
        {t('shell.search_label')}
      </label>
      <input
        id={id}
        type="search"
        name="search"
        defaultValue={params.get('search') ?? ''}
        placeholder={t('shell.search_placeholder')}
        maxLength={99}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" aria-label={t('shell.search_submit')}>
        <Icon name="search" />
      </button>
    </Form>
  )
}
