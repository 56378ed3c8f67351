import { useTranslation } from 'react-i18next'
import { useFieldNames } from './field-names.ts'

type Values = Record<string, unknown> | null
/** The API's words for coded values: field → stored value → words (`status` 4 → «Собран»). */
type Words = Record<string, Record<string, string>>

/** A value as a person reads it: a code in words, text as is, yes/no, nothing as a dash, anything else as JSON. */
function Value({ field, value, words }: { field: string; value: unknown; words?: Words }) {
  const { t } = useTranslation('admin')
  const fields = useFieldNames()
  if (value === null || value === undefined || value === '') return <>—</>
  const said = words?.[field]?.[String(value)]
  if (said) return <span title={String(value)}>{said}</span>
  if (typeof value === 'boolean') return <>{value ? t('audit.yes') : t('audit.no')}</>
  if (typeof value === 'string' || typeof value === 'number') return <>{fields.value(field, value)}</>
  return <code>{JSON.stringify(value)}</code>
}

/**
 * What an entry changed, field by field: before → after for a change, the
 * values alone for something created (no before) or removed (no after).
 * Fields that did not change are left out.
 */
export function AuditChanges({ before, after, words }: { before: Values; after: Values; words?: Words }) {
  const { t } = useTranslation('admin')
  const fields = useFieldNames()
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(
    (key) => JSON.stringify(before?.[key]) !== JSON.stringify(after?.[key]),
  )
  if (!keys.length) return null
  return (
    <dl className="admin-diff" aria-label={t('audit.changes')}>
      {keys.map((key) => (
        <div key={key} className="admin-diff__row">
          <dt title={key}>{fields.name(key)}</dt>
          <dd>
            {before && key in before ? (
              <del>
                <Value field={key} value={before[key]} words={words} />
              </del>
            ) : null}
            {before && key in before && after && key in after ? ' → ' : null}
            {after && key in after ? (
              <ins>
                <Value field={key} value={after[key]} words={words} />
              </ins>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  )
}
