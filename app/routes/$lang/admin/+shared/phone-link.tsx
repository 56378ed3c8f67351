import { useTranslation } from 'react-i18next'
import { formatPhone, nationalDigits } from '#contract/phone-format.ts'

/**
 * A phone to tap and call. A role without the customers' phones gets them
 * masked by the API (+998 90 *** ** 67): that one is printed, not linked.
 */
export function PhoneLink({ phone }: { phone: string }) {
  const { t } = useTranslation('admin-orders')
  const digits = nationalDigits(phone)
  if (!digits) return <span>{phone}</span>
  const shown = formatPhone(phone)
  return (
    <a href={`tel:+998${digits}`} className="desk-phone" aria-label={t('order.call', { phone: shown })}>
      {shown}
    </a>
  )
}
