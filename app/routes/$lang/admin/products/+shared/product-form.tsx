import type { SubmissionResult } from '@conform-to/react'
import { type FieldMetadata, getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { AdminProduct, AdminProductChoices } from '#api/types.ts'
import { maskAmountField } from '#app/utils/amount-input.ts'
import type { FormFields } from '#app/utils/form-fields.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { volumeUnits } from '#contract/catalogue.ts'
import { languages as langs } from '#contract/languages.ts'
import { AdminField } from '../../+shared/fields.tsx'
import { ProductIntent, type productForm } from './form-schema.ts'

type Fields = FormFields<typeof productForm>
type Field = FieldMetadata<string, any, string[]>

function TextInput({
  field,
  label,
  hint,
  type = 'text',
  readOnly,
  inputMode,
  amount,
}: {
  field: Field
  label: string
  hint?: string
  type?: 'text' | 'number' | 'datetime-local'
  readOnly?: boolean
  inputMode?: 'numeric'
  /** A sum: digits grouped as typed (428 000), so a missing zero shows. */
  amount?: boolean
}) {
  return (
    <AdminField field={field} label={label} hint={hint}>
      <input
        {...getInputProps(field, { type, ariaDescribedBy: hint ? `${field.id}-hint` : undefined })}
        className="field__input"
        readOnly={readOnly}
        inputMode={inputMode}
        autoComplete="off"
        onInput={amount ? (event) => maskAmountField(event.currentTarget) : undefined}
      />
    </AdminField>
  )
}

function Select({
  field,
  label,
  options,
  empty,
}: {
  field: Field
  label: string
  options: { value: string; label: string }[]
  empty?: string
}) {
  return (
    <AdminField field={field} label={label}>
      <select
        id={field.id}
        name={field.name}
        defaultValue={field.initialValue ?? ''}
        aria-invalid={field.errors?.length ? true : undefined}
        aria-describedby={field.errors?.length ? field.errorId : undefined}
        className="field__input"
      >
        {empty !== undefined ? <option value="">{empty}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </AdminField>
  )
}

/**
 * Titles and descriptions per language: with JavaScript one tab at a time,
 * without it the three one under another. A missing translation says what
 * the shop shows instead (the doctor's words).
 */
function LanguageTabs({ fields, product }: { fields: ReturnType<typeof useForm<Fields>>[1]; product?: AdminProduct }) {
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
            <TextInput
              field={fields[`title_${lang}`] as Field}
              label={t('form.title', { lang: t(`languages.${lang}`) })}
            />
            <AdminField
              field={fields[`description_${lang}`] as Field}
              label={t('form.description', { lang: t(`languages.${lang}`) })}
            >
              <textarea
                {...getTextareaProps(fields[`description_${lang}`] as Field)}
                className="field__input"
                rows={5}
              />
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

/** The other-script offer of the saved texts, with a button that fills the empty fields from it and saves. */
export function ScriptOffer({ product }: { product: AdminProduct }) {
  const { t } = useTranslation('admin-products')
  const offers = (['title', 'description'] as const).flatMap((part) =>
    (['uz', 'sr'] as const)
      .filter((lang) => product.suggestions[part][lang])
      .map((lang) => ({ part, lang, text: product.suggestions[part][lang]! })),
  )
  if (!offers.length) return null
  return (
    <section className="admin-card products-offer" aria-labelledby="script-offer">
      <h2 id="script-offer">{t('offer.title')}</h2>
      <ul>
        {offers.map((o) => (
          <li key={`${o.part}-${o.lang}`}>
            {t(`offer.${o.part}`, { lang: t(`languages.${o.lang}`) })}: <q>{o.text}</q>
          </li>
        ))}
      </ul>
      <Form method="post">
        <button type="submit" name="intent" value={ProductIntent.fillScript} className="admin-button">
          {t('offer.fill')}
        </button>
      </Form>
      <p className="admin-muted">{t('offer.check')}</p>
    </section>
  )
}

/** The product's fields in sections; the new and the edit page share it. */
export function ProductForm({
  id,
  product,
  choices,
  defaults,
  lastResult,
  canPrice,
  busy,
}: {
  id: string
  product?: AdminProduct
  choices: AdminProductChoices
  defaults: Record<string, string | string[]>
  lastResult?: SubmissionResult<string[]>
  canPrice: boolean
  busy: boolean
}) {
  const { t } = useTranslation('admin-products')
  const [form, fields] = useForm<Fields>({
    id,
    lastResult,
    shouldValidate: 'onSubmit',
    defaultValue: defaults,
  })
  const selectedCategories = new Set(
    ([] as string[]).concat((fields.category_ids.initialValue as unknown as string[] | string | undefined) ?? []),
  )
  const moneyHint = canPrice ? undefined : t('form.money_locked')
  return (
    <Form method="post" className="products-form" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={ProductIntent.save} />
      <LanguageTabs fields={fields} product={product} />

      <fieldset className="products-form__section">
        <legend>{t('form.catalogue')}</legend>
        <Select
          field={fields.brand_id as Field}
          label={t('form.brand')}
          empty={t('form.choose')}
          options={choices.brands.map((b) => ({
            value: String(b.id),
            label: b.is_hidden ? t('form.hidden_choice', { name: b.name }) : b.name,
          }))}
        />
        <Select
          field={fields.manufacturer_id as Field}
          label={t('form.manufacturer')}
          empty={t('form.manufacturer_of_brand')}
          options={choices.manufacturers.map((m) => ({ value: String(m.id), label: m.name }))}
        />
        <fieldset className="products-form__categories" aria-describedby={fields.category_ids.errorId}>
          <legend>{t('form.categories')}</legend>
          {choices.categories.map((c) => (
            <label key={c.id} className="admin-check">
              <input
                type="checkbox"
                name={fields.category_ids.name}
                value={String(c.id)}
                defaultChecked={selectedCategories.has(String(c.id))}
              />
              {c.group ? `${c.group} · ` : ''}
              {c.is_hidden ? t('form.hidden_choice', { name: c.name }) : c.name}
            </label>
          ))}
          {fields.category_ids.errors?.length ? (
            <p className="field__error" id={fields.category_ids.errorId}>
              {fields.category_ids.errors.join(' ')}
            </p>
          ) : null}
        </fieldset>
        <Select
          field={fields.audience as Field}
          label={t('form.audience')}
          options={(['women', 'men', 'unisex'] as const).map((a) => ({ value: a, label: t(`audience.${a}`) }))}
        />
        <TextInput field={fields.country as Field} label={t('form.country')} hint={t('form.country_hint')} />
        <TextInput field={fields.release_year as Field} label={t('form.release_year')} inputMode="numeric" />
        <div className="products-form__pair">
          <TextInput field={fields.volume as Field} label={t('form.volume')} inputMode="numeric" />
          <Select
            field={fields.unit as Field}
            label={t('form.unit')}
            options={volumeUnits.map((u) => ({ value: u, label: t(`units.${u}`) }))}
          />
        </div>
        <TextInput field={fields.aliases as Field} label={t('form.aliases')} hint={t('form.aliases_hint')} />
        <label className="admin-check">
          <input
            type="checkbox"
            name={fields.is_recommendation.name}
            defaultChecked={defaults.is_recommendation === 'on'}
          />
          {t('form.recommended')}
        </label>
        <label className="admin-check">
          <input type="checkbox" name={fields.is_hidden.name} defaultChecked={defaults.is_hidden === 'on'} />
          {t('form.hidden')}
        </label>
      </fieldset>

      <fieldset className="products-form__section">
        <legend>{t('form.money')}</legend>
        <TextInput
          field={fields.price as Field}
          label={t('form.price')}
          inputMode="numeric"
          amount
          readOnly={!canPrice && !!product}
          hint={product ? moneyHint : undefined}
        />
        <TextInput
          field={fields.sale_price as Field}
          label={t('form.sale_price')}
          inputMode="numeric"
          amount
          readOnly={!canPrice}
          hint={moneyHint}
        />
        <div className="products-form__pair products-form__pair--dates">
          <TextInput
            field={fields.sale_starts_at as Field}
            label={t('form.sale_starts_at')}
            type="datetime-local"
            readOnly={!canPrice}
          />
          <TextInput
            field={fields.sale_ends_at as Field}
            label={t('form.sale_ends_at')}
            type="datetime-local"
            readOnly={!canPrice}
          />
        </div>
        <p className="admin-muted">{product ? t('form.stock_is', { count: product.stock }) : t('form.stock_new')}</p>
      </fieldset>

      <fieldset className="products-form__section">
        <legend>{t('form.codes')}</legend>
        <TextInput field={fields.sku as Field} label={t('form.sku')} />
        <TextInput field={fields.barcode as Field} label={t('form.barcode')} inputMode="numeric" />
        <TextInput
          field={fields.ikpu as Field}
          label={t('form.ikpu')}
          inputMode="numeric"
          readOnly={!canPrice}
          hint={t('form.ikpu_hint')}
        />
        <TextInput
          field={fields.package_code as Field}
          label={t('form.package_code')}
          inputMode="numeric"
          readOnly={!canPrice}
        />
      </fieldset>

      <button type="submit" className="button" disabled={busy}>
        {product ? t('form.save') : t('form.create')}
      </button>
    </Form>
  )
}
