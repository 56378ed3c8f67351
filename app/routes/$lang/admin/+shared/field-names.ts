import { useTranslation } from 'react-i18next'
import { formatAmount } from '#app/utils/money.ts'

/** Fields whose values are sums or counts: read grouped, 1 250 000, not 1250000. */
const groupedFields = new Set(['price', 'sale_price', 'stock', 'cashback_balance'])

/**
 * How the audit log and the batch pages name a stored field: "Цена", not
 * `price` (a key no one translated yet shows as it is), and its value, sums
 * and counts grouped.
 */
export function useFieldNames() {
  const { t } = useTranslation('admin')
  return {
    name: (field: string) => t(`field_names.${field}`, { defaultValue: field }),
    value: (field: string, value: string | number) =>
      groupedFields.has(field) && /^-?\d+$/.test(String(value)) ? formatAmount(value) : String(value),
  }
}
