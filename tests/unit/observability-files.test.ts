import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { metrics } from '#api/metrics.ts'
import { projectRoot } from '#api/project-root.ts'

// The alert rules and the Grafana dashboard in deploy/ query the metrics the shop serves at
// /metrics: a renamed metric or label would leave an alert that never fires.

const read = (path: string) => readFileSync(join(projectRoot, path), 'utf8')
const rules = parse(read('deploy/prometheus/atir-alerts.yml')) as {
  groups: {
    name: string
    rules: { alert: string; expr: string; labels: { severity: string }; annotations: Record<string, string> }[]
  }[]
}
const dashboard = JSON.parse(read('deploy/grafana/atir-dashboard.json')) as {
  uid: string
  panels: { id: number; type: string; title: string; targets?: { expr: string }[] }[]
}

// Prometheus' own series, beside the shop's.
const prometheusOwn = new Set(['up'])

/** Each metric an expression selects, with the labels it matches on. */
function selections(expr: string) {
  const found: { metric: string; labels: string[] }[] = []
  for (const match of expr.matchAll(/\b([a-z_][a-z0-9_]*)(\{([^}]*)\})?(?=\s*(\[|\)|\{|$|\s|>|<|=|!|\/|\*|\+|-))/g)) {
    const [, name = '', , selector = ''] = match
    if (!/^(atir|process|nodejs)_|^up$/.test(name)) continue
    const labels = [...selector.matchAll(/(\w+)\s*(=~|!~|!=|=)/g)].map((m) => m[1] ?? '')
    found.push({ metric: name, labels })
  }
  return found
}

/** The metric a series name belongs to (a histogram's _bucket, _count, _sum) and its label names. */
function served(series: string) {
  const metric = metrics.getSingleMetric(series) ?? metrics.getSingleMetric(series.replace(/_(bucket|count|sum)$/, ''))
  if (!metric) return null
  const labels = (metric as unknown as { labelNames?: string[] }).labelNames ?? []
  return new Set([...labels, 'job', 'instance', ...(series.endsWith('_bucket') ? ['le'] : [])])
}

function expectServed(expr: string, where: string) {
  const selected = selections(expr)
  expect(selected.length, where).toBeGreaterThan(0)
  for (const { metric, labels } of selected) {
    if (prometheusOwn.has(metric)) continue
    const known = served(metric)
    expect(known, `${where}: ${metric} is not served at /metrics`).not.toBeNull()
    for (const label of labels) expect(known?.has(label), `${where}: ${metric} has no label ${label}`).toBe(true)
  }
}

describe('the Prometheus alert rules', () => {
  const all = rules.groups.flatMap((group) => group.rules)

  it('alert on what stops the shop selling or telling its customers, or would lose its data', () => {
    expect(all.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining([
        'AtirHigh5xxRate',
        'AtirDependencyDown',
        'AtirSmsStuck',
        'AtirOrderJobsStalled',
        'AtirProviderErrors',
        'AtirRefundsPending',
        'AtirBackupMissing',
      ]),
    )
    for (const rule of all) {
      expect(['critical', 'warning'], rule.alert).toContain(rule.labels.severity)
      expect(rule.annotations.summary, rule.alert).toBeTruthy()
      expect(rule.annotations.description, rule.alert).toBeTruthy()
    }
  })

  it('alert before shoppers wait: slow answers, a held-up event loop, a heap near its limit', () => {
    const expr = (name: string) => all.find((rule) => rule.alert === name)?.expr ?? ''
    expect(expr('AtirSlowAnswers')).toMatch(/histogram_quantile\(0\.95, .*atir_http_request_duration_seconds_bucket/)
    expect(expr('AtirEventLoopLag')).toContain('nodejs_eventloop_lag_p99_seconds')
    expect(expr('AtirMemoryHigh')).toMatch(/nodejs_heap_size_used_bytes\{[^}]*\} \/ atir_heap_limit_bytes/)
  })

  it('need a minimum of traffic for a share of requests, so one error in a quiet hour fires nothing', () => {
    for (const name of ['AtirHigh5xxRate', 'AtirSlowAnswers']) {
      const rule = all.find((r) => r.alert === name)
      const guard =
        /\band\s+sum\(increase\(atir_http_request_duration_seconds_count(\{[^}]*\})?\[5m\]\)\)\s*>=\s*(\d+)/.exec(
          rule?.expr ?? '',
        )
      expect(guard, name).not.toBeNull()
      expect(Number(guard?.[2]), name).toBeGreaterThanOrEqual(10)
    }
  })

  it('query only metrics and labels the shop serves', () => {
    for (const rule of all) expectServed(rule.expr, rule.alert)
  })
})

describe('the Grafana dashboard', () => {
  it('charts only metrics and labels the shop serves', () => {
    const charts = dashboard.panels.filter((panel) => panel.type !== 'row')
    expect(charts.length).toBeGreaterThan(10)
    for (const panel of charts) for (const target of panel.targets ?? []) expectServed(target.expr, panel.title)
    expect(new Set(dashboard.panels.map((panel) => panel.id)).size).toBe(dashboard.panels.length)
    expect(dashboard.uid).toBe('atir-shop')
  })
})

it('docs/observability.md points to both', () => {
  const doc = read('docs/observability.md')
  expect(doc).toContain('deploy/prometheus/atir-alerts.yml')
  expect(doc).toContain('deploy/grafana/atir-dashboard.json')
})
