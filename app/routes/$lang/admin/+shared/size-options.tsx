import { useTranslation } from 'react-i18next'
import { concentrations, sizeKinds } from '#contract/product-lines.ts'

/** A size's kinds for a select: regular first (the empty value), then tester, travel… */
export function SizeKindOptions() {
  const { t } = useTranslation('admin-lines')
  return (
    <>
      <option value="">{t('kind.regular')}</option>
      {sizeKinds.map((kind) => (
        <option key={kind} value={kind}>
          {t(`kind.${kind}`)}
        </option>
      ))}
    </>
  )
}

/** Concentrations for a select, after the empty value's label (`none`: none, or the same as the line's). */
export function ConcentrationOptions({ none }: { none: string }) {
  const { t } = useTranslation('admin-lines')
  return (
    <>
      <option value="">{none}</option>
      {concentrations.map((c) => (
        <option key={c} value={c}>
          {t(`concentration.${c}`)}
        </option>
      ))}
    </>
  )
}
