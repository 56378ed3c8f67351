import type { SubmissionResult } from '@conform-to/react'
import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { AdminProduct, AdminProductChoices } from '#api/types.ts'
import type { FormFields } from '#app/utils/form-fields.ts'
import { volumeUnits } from '#contract/catalogue.ts'
import { ProductIntent, type productForm } from './form-schema.ts'
import { LanguageTabs } from './language-tabs.tsx'
import { Select, TextInput } from './product-inputs.tsx'

type Fields = ReturnType<typeof useForm<FormFields<typeof productForm>>>[1]

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
  const [form, fields] = useForm<FormFields<typeof productForm>>({
    id,
    lastResult,
    shouldValidate: 'onSubmit',
    defaultValue: defaults,
  })
  return (
    <Form method="post" className="products-form" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={ProductIntent.save} />
      <LanguageTabs fields={fields} product={product} />
      <CatalogueFields fields={fields} choices={choices} defaults={defaults} locked={!canPrice && !!product} />
      <MoneyFields fields={fields} product={product} canPrice={canPrice} />
      <CodeFields fields={fields} canPrice={canPrice} locked={!canPrice && !!product} />
      <button type="submit" className="button" disabled={busy}>
        {product ? t('form.save') : t('form.create')}
      </button>
    </Form>
  )
}

/** A field's starting value as a list: conform holds one checked box's value as a text, several as a list. */
const textsOf = (value: unknown): string[] => [value].flat().filter((v): v is string => typeof v === 'string')

/**
 * Where the product stands in the catalogue: brand, maker, categories, audience, volume, flags.
 * `locked` (a texts-only editor): shown as they are, disabled, and not sent.
 */
function CatalogueFields({
  fields,
  choices,
  defaults,
  locked,
}: {
  fields: Fields
  choices: AdminProductChoices
  defaults: Record<string, string | string[]>
  locked: boolean
}) {
  const { t } = useTranslation('admin-products')
  const chosen = new Set(textsOf(fields.category_ids.initialValue))
  return (
    <>
      <TextInput field={fields.aliases} label={t('form.aliases')} hint={t('form.aliases_hint')} />
      <fieldset
        className="products-form__section"
        disabled={locked}
        aria-describedby={locked ? `${fields.brand_id.id}-locked` : undefined}
      >
        <legend>{t('form.catalogue')}</legend>
        {locked ? (
          <p className="admin-muted" id={`${fields.brand_id.id}-locked`}>
            {t('form.catalogue_locked')}
          </p>
        ) : null}
        <Select
          field={fields.brand_id}
          label={t('form.brand')}
          empty={t('form.choose')}
          options={choices.brands.map((b) => ({
            value: String(b.id),
            label: b.is_hidden ? t('form.hidden_choice', { name: b.name }) : b.name,
          }))}
        />
        <Select
          field={fields.manufacturer_id}
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
                defaultChecked={chosen.has(String(c.id))}
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
          field={fields.audience}
          label={t('form.audience')}
          options={(['women', 'men', 'unisex'] as const).map((a) => ({ value: a, label: t(`audience.${a}`) }))}
        />
        <TextInput field={fields.country} label={t('form.country')} hint={t('form.country_hint')} />
        <TextInput field={fields.release_year} label={t('form.release_year')} inputMode="numeric" />
        <div className="products-form__pair">
          <TextInput field={fields.volume} label={t('form.volume')} inputMode="numeric" />
          <Select
            field={fields.unit}
            label={t('form.unit')}
            options={volumeUnits.map((u) => ({ value: u, label: t(`units.${u}`) }))}
          />
        </div>
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
    </>
  )
}

/** The prices and the sale's dates (read-only for a role without the money right), and the stock. */
function MoneyFields({ fields, product, canPrice }: { fields: Fields; product?: AdminProduct; canPrice: boolean }) {
  const { t } = useTranslation('admin-products')
  const moneyHint = canPrice ? undefined : t('form.money_locked')
  return (
    <fieldset className="products-form__section">
      <legend>{t('form.money')}</legend>
      <TextInput
        field={fields.price}
        label={t('form.price')}
        inputMode="numeric"
        amount
        readOnly={!canPrice && !!product}
        hint={product ? moneyHint : undefined}
      />
      <TextInput
        field={fields.sale_price}
        label={t('form.sale_price')}
        inputMode="numeric"
        amount
        readOnly={!canPrice}
        hint={moneyHint}
      />
      <div className="products-form__pair products-form__pair--dates">
        <TextInput
          field={fields.sale_starts_at}
          label={t('form.sale_starts_at')}
          type="datetime-local"
          readOnly={!canPrice}
        />
        <TextInput
          field={fields.sale_ends_at}
          label={t('form.sale_ends_at')}
          type="datetime-local"
          readOnly={!canPrice}
        />
      </div>
      <p className="admin-muted">{product ? t('form.stock_is', { count: product.stock }) : t('form.stock_new')}</p>
    </fieldset>
  )
}

/** The product's codes: the shop's SKU, the barcode and the tax codes (IKPU, package). */
function CodeFields({ fields, canPrice, locked }: { fields: Fields; canPrice: boolean; locked: boolean }) {
  const { t } = useTranslation('admin-products')
  return (
    <fieldset className="products-form__section" disabled={locked}>
      <legend>{t('form.codes')}</legend>
      <TextInput field={fields.sku} label={t('form.sku')} />
      <TextInput field={fields.barcode} label={t('form.barcode')} inputMode="numeric" />
      <TextInput
        field={fields.ikpu}
        label={t('form.ikpu')}
        inputMode="numeric"
        readOnly={!canPrice}
        hint={t('form.ikpu_hint')}
      />
      <TextInput field={fields.package_code} label={t('form.package_code')} inputMode="numeric" readOnly={!canPrice} />
    </fieldset>
  )
}
