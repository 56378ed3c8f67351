import { getTextareaProps, type useForm } from '@conform-to/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminProduct } from '#api/types.ts'
import type { FormFields } from '#app/utils/form-fields.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { languages as langs } from '#contract/languages.ts'
import { AdminField } from '../../+shared/fields.tsx'
import type { productForm } from './form-schema.ts'
import { TextInput } from './product-inputs.tsx'

/**
 * Titles and descriptions per language: with JavaScript one tab at a time,
 * without it the three one under another. A missing translation says what
 * the shop shows instead (the doctor's words).
 */
export function LanguageTabs({
  fields,
  product,
}: {
  fields: ReturnType<typeof useForm<FormFields<typeof productForm>>>[1]
  product?: AdminProduct
}) {
  const { t } = useTranslation('admin-products')
  const hydrated = useHydrated()
  const [current, setCurrent] = useState<(typeof langs)[number]>('uz')
  const missing = (lang: string) => product?.doctor.filter((r) => r.lang === lang) ?? []
  return (
    <fieldset className="products-form__section">
      <legend>{t('form.texts')}</legend>
      {hydrated ? (
        <div role="tablist" className="products-tabs" aria-label={t('form.languages')}>
          {langs.map((lang) => (
            <button
              key={lang}
              type="button"
              role="tab"
              id={`tab-${lang}`}
              aria-selected={current === lang}
              aria-controls={`panel-${lang}`}
              className="products-tabs__tab"
              onClick={() => setCurrent(lang)}
            >
              {t(`languages.${lang}`)}
              {missing(lang).length ? <span className="admin-badge admin-badge--warn">!</span> : null}
            </button>
          ))}
        </div>
      ) : null}
      {langs.map((lang) => {
        const body = (
          <>
            {missing(lang).map((reason) => (
              <p key={reason.code} className="products-missing">
                {reason.message}
              </p>
            ))}
            <TextInput field={fields[`title_${lang}`]} label={t('form.title', { lang: t(`languages.${lang}`) })} />
            <AdminField
              field={fields[`description_${lang}`]}
              label={t('form.description', { lang: t(`languages.${lang}`) })}
            >
              <textarea {...getTextareaProps(fields[`description_${lang}`])} className="field__input" rows={5} />
            </AdminField>
          </>
        )
        // Without JavaScript the three stand one under another, each under its heading; with it they become
        // tab panels. The same element either way: a new one would drop what was typed before hydration.
        return (
          <section
            key={lang}
            id={`panel-${lang}`}
            role={hydrated ? 'tabpanel' : undefined}
            aria-labelledby={hydrated ? `tab-${lang}` : `heading-${lang}`}
            hidden={hydrated && current !== lang}
            className="products-tabs__panel"
          >
            {hydrated ? null : <h3 id={`heading-${lang}`}>{t(`languages.${lang}`)}</h3>}
            {body}
          </section>
        )
      })}
    </fieldset>
  )
}
