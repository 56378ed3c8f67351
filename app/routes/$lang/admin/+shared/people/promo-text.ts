import type { Lang } from '#app/utils/i18n.ts'
import { formatMoney } from '#app/utils/money.ts'

/** The discount as the lists show it: "10 %" or "20 000 сум". */
export const discountText = (p: { percent: number | null; amount: number | null }, lang: Lang) =>
  p.percent != null ? `${p.percent} %` : formatMoney(p.amount ?? 0, lang)

// Tashkent time on the server and in the browser alike (hydration sees one text).
const momentFormat = new Intl.DateTimeFormat('ru-RU', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Asia/Tashkent',
})

/** A moment in Tashkent time: 02.10.2026, 14:30. */
export const formatMoment = (iso: string) => momentFormat.format(new Date(iso))
