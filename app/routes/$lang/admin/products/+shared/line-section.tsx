import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import type { AdminLine, AdminProduct } from '#api/types.ts'
import type { FieldOf, FormFields } from '#app/utils/form-fields.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { AdminField } from '../../+shared/fields.tsx'
import { ConcentrationOptions, SizeKindOptions } from '../../+shared/size-options.tsx'
import { adminPath } from '../../+shared/staff.ts'
import { type groupForm, LineIntent, type newSizeForm } from './line-form-schema.ts'
import './line-section.css'

type Field = FieldOf
type Answer = { intent?: string; result?: SubmissionResult<string[]> }

/**
 * The product's line on its edit page: the line's products (this one
 * marked), grouping with another product, leaving the line, and a new size
 * made from this product. Its own forms and intents (line-actions.server.ts).
 */
export function LineSection({
  lang,
  product,
  line,
  answer,
}: {
  lang: Lang
  product: AdminProduct
  line: AdminLine | null
  answer?: Answer
}) {
  const { t } = useTranslation('admin-lines')
  const resultOf = (intent: string) => (answer?.intent === intent ? answer.result : undefined)
  return (
    <section className="admin-card products-line" aria-labelledby="line-title">
      <h2 id="line-title">{t('section.title')}</h2>
      {line ? (
        <>
          <p>
            <Link to={adminPath(lang, `lines/${line.id}`)}>{t('section.name', { name: line.name })}</Link>
          </p>
          <ol className="products-line__members">
            {line.members.map((member) => (
              <li key={member.id}>
                {member.id === product.id ? (
                  <strong aria-current="page">
                    {member.title} ({t('section.this')})
                  </strong>
                ) : (
                  <Link to={adminPath(lang, `products/${member.id}`)}>{member.title}</Link>
                )}
                {member.is_hidden ? <span className="admin-badge">{t('section.hidden')}</span> : null}
              </li>
            ))}
          </ol>
          <div className="admin-actions">
            <Link to={adminPath(lang, `lines/${line.id}`)}>{t('section.edit')}</Link>
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value={LineIntent.leave} />
              <button type="submit" className="admin-button admin-button--quiet">
                {t('section.leave')}
              </button>
            </Form>
          </div>
        </>
      ) : (
        <p className="admin-muted">{t('section.none')}</p>
      )}
      <GroupForm inLine={line !== null} lastResult={resultOf(LineIntent.group)} />
      <NewSizeForm product={product} lastResult={resultOf(LineIntent.newSize)} />
    </section>
  )
}

function GroupForm({ inLine, lastResult }: { inLine: boolean; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation('admin-lines')
  const [form, fields] = useForm<FormFields<typeof groupForm>>({
    id: 'line-group',
    lastResult,
    shouldValidate: 'onSubmit',
  })
  const field = fields.with as Field
  return (
    <Form method="post" className="products-line__form" preventScrollReset {...getFormProps(form)}>
      <h3>{inLine ? t('group.title_in_line') : t('group.title')}</h3>
      <input type="hidden" name="intent" value={LineIntent.group} />
      <AdminField field={field} label={t('group.with')} hint={t('group.hint')}>
        <input
          {...getInputProps(field, { type: 'text', ariaDescribedBy: `${field.id}-hint` })}
          className="field__input"
          autoComplete="off"
        />
      </AdminField>
      <button type="submit" className="admin-button">
        {t('group.submit')}
      </button>
    </Form>
  )
}

function NewSizeForm({ product, lastResult }: { product: AdminProduct; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation('admin-lines')
  const { t: tp } = useTranslation('admin-products')
  const [form, fields] = useForm<FormFields<typeof newSizeForm>>({
    id: 'line-new-size',
    lastResult,
    shouldValidate: 'onSubmit',
  })
  const number = (field: Field, label: string) => (
    <AdminField field={field} label={label}>
      <input
        {...getInputProps(field, { type: 'text' })}
        className="field__input"
        inputMode="numeric"
        autoComplete="off"
      />
    </AdminField>
  )
  return (
    <Form method="post" className="products-line__form" preventScrollReset {...getFormProps(form)}>
      <h3>{t('size.title')}</h3>
      <p className="admin-muted">{t('size.hint')}</p>
      <input type="hidden" name="intent" value={LineIntent.newSize} />
      <div className="products-form__pair">
        {number(fields.volume as Field, `${t('size.volume')}, ${tp(`units.${product.unit}`)}`)}
        {number(fields.price as Field, t('size.price'))}
      </div>
      <div className="products-form__pair">
        <AdminField field={fields.size_kind as Field} label={t('size.kind')}>
          <select {...getSelectProps(fields.size_kind as Field)} className="field__input">
            <SizeKindOptions />
          </select>
        </AdminField>
        <AdminField field={fields.concentration as Field} label={t('edit.concentration')}>
          <select {...getSelectProps(fields.concentration as Field)} className="field__input">
            <ConcentrationOptions none={t('size.same_concentration')} />
          </select>
        </AdminField>
      </div>
      <AdminField field={fields.sku as Field} label={t('size.sku')}>
        <input {...getInputProps(fields.sku as Field, { type: 'text' })} className="field__input" autoComplete="off" />
      </AdminField>
      <button type="submit" className="admin-button">
        {t('size.submit')}
      </button>
    </Form>
  )
}
