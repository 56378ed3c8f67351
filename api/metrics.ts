import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { Database } from './db/client.ts'

/**
 * The shop's Prometheus metrics, one registry a process (server/observability.ts
 * serves it at /metrics). Counters count from the process's start; Prometheus
 * sums them over processes.
 */
export const metrics = new Registry()
collectDefaultMetrics({ register: metrics })

export const httpDuration = new Histogram({
  name: 'atir_http_request_duration_seconds',
  help: 'Time to answer a request, by method, route pattern (not the raw path) and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metrics],
})

export const ordersCreated = new Counter({
  name: 'atir_orders_created_total',
  help: 'Orders placed, by payment method',
  labelNames: ['payment_method'] as const,
  registers: [metrics],
})

export const paymentResults = new Counter({
  name: 'atir_payments_total',
  help: 'Online payments settled: paid, or failed (declined or cancelled by the provider)',
  labelNames: ['result'] as const,
  registers: [metrics],
})

export const smsResults = new Counter({
  name: 'atir_sms_total',
  help: 'SMS handed to the provider: sent, or failed (timeout, unavailable, rejected)',
  labelNames: ['result'] as const,
  registers: [metrics],
})

let pooled: Database | undefined
new Gauge({
  name: 'atir_database_connections',
  help: 'Database connections: PostgreSQL pool total, idle and waiting clients; embedded PGlite is one in-process connection',
  labelNames: ['state'] as const,
  registers: [metrics],
  collect() {
    this.reset()
    const stats = pooled?.stats()
    if (!stats) return
    for (const [state, value] of Object.entries(stats)) this.set({ state }, value)
  },
})

/** The database whose connections /metrics reports (the one the server opened). */
export function reportDatabase(database: Database) {
  pooled = database
}
