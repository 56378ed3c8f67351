import { scaleBand, scaleLinear } from 'd3-scale'
import { line } from 'd3-shape'
import type { Bar, DailyCharts, StackedBar, Tick, XLabel } from './+shared/desk/types.ts'

/**
 * The statistics page's charts, drawn on the server (d3-scale, d3-shape) and
 * sent as plain shapes: the page renders an <svg> from them, and no charting
 * code reaches the browser. Each chart also has its table (the numbers) for
 * screen readers and for anyone who would rather read.
 */
export const CHART = { width: 640, height: 220, left: 56, right: 12, top: 12, bottom: 28 } as const

const plot = { x0: CHART.left, x1: CHART.width - CHART.right, y0: CHART.height - CHART.bottom, y1: CHART.top }

/** Short day labels (`23.11`), at most about 10 of them along the axis. */
function xLabels(days: string[], at: (day: string) => number): XLabel[] {
  const every = Math.max(1, Math.ceil(days.length / 10))
  return days.filter((_, i) => i % every === 0).map((d) => ({ x: at(d), label: `${d.slice(8, 10)}.${d.slice(5, 7)}` }))
}

function yScale(max: number) {
  const y = scaleLinear()
    .domain([0, Math.max(max, 1)])
    .nice(4)
    .range([plot.y0, plot.y1])
  // Whole numbers only: orders and sums are counted in ones (a scale of 0–1 would repeat "0, 0, 1, 1").
  const ticks = (format: (n: number) => string): Tick[] =>
    y
      .ticks(4)
      .filter((v) => Number.isInteger(v))
      .map((v) => ({ y: y(v), label: format(v) }))
  return { y, ticks }
}

/** Revenue per day as a line (with its points), orders per day as bars. */
export function dailyCharts(
  days: { day: string; orders: number; revenue: number; online: number; cash: number }[],
  format: { money: (n: number) => string; count: (n: number) => string },
): DailyCharts {
  const band = scaleBand<string>()
    .domain(days.map((d) => d.day))
    .range([plot.x0, plot.x1])
    .padding(0.2)
  const mid = (day: string) => (band(day) ?? 0) + band.bandwidth() / 2
  const orders = yScale(Math.max(...days.map((d) => d.orders), 0))
  const revenue = yScale(Math.max(...days.map((d) => d.revenue), 0))
  const revenueLine = line<(typeof days)[number]>()
    .x((d) => mid(d.day))
    .y((d) => revenue.y(d.revenue))
  const labels = xLabels(
    days.map((d) => d.day),
    mid,
  )
  return {
    orders: {
      bars: days.map(
        (d): Bar => ({
          x: band(d.day) ?? 0,
          width: band.bandwidth(),
          y: orders.y(d.orders),
          height: plot.y0 - orders.y(d.orders),
          label: `${d.day}: ${format.count(d.orders)}`,
        }),
      ),
      ticks: orders.ticks(format.count),
      labels,
    },
    revenue: {
      path: revenueLine(days) ?? '',
      points: days.map((d) => ({
        x: mid(d.day),
        y: revenue.y(d.revenue),
        label: `${d.day}: ${format.money(d.revenue)}`,
      })),
      ticks: revenue.ticks(format.money),
      labels,
    },
    payment: {
      bars: days.map((d): StackedBar => {
        const y = orders.y
        return {
          x: band(d.day) ?? 0,
          width: band.bandwidth(),
          parts: [
            { key: 'online', y: y(d.online), height: plot.y0 - y(d.online) },
            { key: 'cash', y: y(d.online + d.cash), height: y(d.online) - y(d.online + d.cash) },
          ],
          label: `${d.day}: ${d.online} / ${d.cash}`,
        }
      }),
      ticks: orders.ticks(format.count),
      labels,
    },
  }
}
