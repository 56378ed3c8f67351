import type { DailyCharts, Tick, XLabel } from './types.ts'

// Must match charts.server.ts CHART (kept here so the browser bundle has no d3).
const W = 640
const H = 220
const LEFT = 56
const RIGHT = 12
const BOTTOM = 28

function Axes({ ticks, labels }: { ticks: Tick[]; labels: XLabel[] }) {
  return (
    <g className="desk-chart__axes">
      {ticks.map((tick) => (
        <g key={tick.y}>
          <line x1={LEFT} x2={W - RIGHT} y1={tick.y} y2={tick.y} className="desk-chart__grid" />
          <text x={LEFT - 6} y={tick.y} dy="0.32em" textAnchor="end">
            {tick.label}
          </text>
        </g>
      ))}
      {labels.map((label) => (
        <text key={label.x} x={label.x} y={H - BOTTOM + 16} textAnchor="middle">
          {label.label}
        </text>
      ))}
    </g>
  )
}

/**
 * One chart of the statistics page: an SVG drawn from the server's shapes,
 * named by its <title> and described by the table beside it (`tableId`).
 */
export function Chart({
  id,
  title,
  tableId,
  kind,
  charts,
}: {
  id: string
  title: string
  tableId: string
  kind: 'orders' | 'revenue' | 'payment'
  charts: DailyCharts
}) {
  const chart = charts[kind]
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className="desk-chart"
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={tableId}
    >
      <title id={`${id}-title`}>{title}</title>
      <Axes ticks={chart.ticks} labels={chart.labels} />
      {kind === 'orders'
        ? charts.orders.bars.map((bar) => (
            <rect key={bar.x} x={bar.x} y={bar.y} width={bar.width} height={bar.height} className="desk-chart__bar">
              <title>{bar.label}</title>
            </rect>
          ))
        : null}
      {kind === 'revenue' ? (
        <g>
          <path d={charts.revenue.path} className="desk-chart__line" />
          {charts.revenue.points.map((p) => (
            <circle key={p.x} cx={p.x} cy={p.y} r={3} className="desk-chart__point">
              <title>{p.label}</title>
            </circle>
          ))}
        </g>
      ) : null}
      {kind === 'payment'
        ? charts.payment.bars.map((bar) => (
            <g key={bar.x}>
              <title>{bar.label}</title>
              {bar.parts.map((part) => (
                <rect
                  key={part.key}
                  x={bar.x}
                  y={part.y}
                  width={bar.width}
                  height={Math.max(part.height, 0)}
                  className={`desk-chart__bar desk-chart__bar--${part.key}`}
                />
              ))}
            </g>
          ))
        : null}
    </svg>
  )
}
