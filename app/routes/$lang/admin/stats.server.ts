import { data, type RouterContextProvider } from 'react-router'
import { ApiResponseError } from '#app/utils/api-client.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { formatAmount } from '#app/utils/money.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import type { ShopStatistics } from './+shared/desk/types.ts'
import { dailyCharts } from './charts.server.ts'

type Context = Readonly<RouterContextProvider>

export const presets = ['today', '7', '30'] as const
export type Preset = (typeof presets)[number] | 'custom'

const DAY_MS = 86_400_000
/** The shop's day (Tashkent, UTC+5 all year) `back` days before now. */
const tashkentDay = (back = 0) => new Date(Date.now() + 5 * 3_600_000 - back * DAY_MS).toISOString().slice(0, 10)

/** The period the URL asks for: `?period=7` (the last 7 days with today), `?from&to` (custom), or today. */
export function periodOf(params: URLSearchParams): { preset: Preset; from: string; to: string } {
  const from = params.get('from')?.trim() ?? ''
  const to = params.get('to')?.trim() ?? ''
  if (from || to) return { preset: 'custom', from, to }
  const preset = presets.find((p) => p === params.get('period')) ?? 'today'
  const days = preset === 'today' ? 1 : Number(preset)
  return { preset, from: tashkentDay(days - 1), to: tashkentDay() }
}

/**
 * The statistics of the period, with its charts drawn here. A period the API
 * refuses (an end before the start, over a year, a date it cannot read)
 * comes back as `problem`, the page then showing today's figures and the
 * typed dates.
 */
export async function loadStatistics(context: Context, period: { from: string; to: string }) {
  const api = staffApi(context)
  let problem: string | null = null
  let stats: ShopStatistics
  try {
    stats = await api.get('admin/stats/', { from: period.from, to: period.to })
  } catch (error) {
    if (!(error instanceof ApiResponseError) || error.status !== 400) {
      if (error instanceof ApiResponseError && error.status === 403)
        throw data(error.body.detail ?? '', { status: 403 })
      throw error
    }
    problem = error.body.errors?.[0]?.message ?? error.body.detail ?? ''
    stats = await api.get('admin/stats/')
  }
  const t = serverT(context, 'admin-desk')
  const charts = dailyCharts(stats.per_day, {
    money: (n) =>
      n >= 1_000_000 ? t('stats.millions', { n: formatAmount(n / 1_000_000, { decimals: 1 }) }) : formatAmount(n),
    count: (n) => formatAmount(n),
  })
  return { stats, charts, problem }
}
