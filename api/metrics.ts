import { getHeapStatistics } from 'node:v8'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { Database } from './db/client.ts'

/**
 * The shop's Prometheus metrics, one registry a process (server/observability.ts
 * serves it at /metrics). Counters count from the process's start; Prometheus
 * sums them over processes.
 */
export const metrics = new Registry()
collectDefaultMetrics({ register: metrics })

new Gauge({
  name: 'atir_heap_limit_bytes',
  help: "The size the JavaScript heap may reach (V8's limit: HEAP_MB, 512 by default, as `npm start` gives it), for nodejs_heap_size_used_bytes to be read against",
  registers: [metrics],
  collect() {
    this.set(getHeapStatistics().heap_size_limit)
  },
})

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

/** What the monitor (server/dependencies.ts) last found of each shared dependency: 1 reachable, 0 not. */
export const dependencyUp = new Gauge({
  name: 'atir_dependency_up',
  help: 'Shared dependencies as this process last found them (checked every few seconds, reads only): 1 up, 0 down',
  labelNames: ['dependency'] as const,
  registers: [metrics],
})

export const databaseQueryDuration = new Histogram({
  name: 'atir_database_query_duration_seconds',
  help: 'Time of one database query (errors and timeouts included), by statement kind',
  labelNames: ['statement'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metrics],
})

const statementKinds = new Set(['select', 'insert', 'update', 'delete', 'with'])

/** The statement kind of a query's text (`select`, `insert`, …; `other` for the rest), a label of few values. */
export function statementOf(text: unknown): string {
  const word = /^\s*(\w+)/.exec(typeof text === 'string' ? text : '')?.[1]?.toLowerCase() ?? ''
  return statementKinds.has(word) ? word : 'other'
}

export const providerDuration = new Histogram({
  name: 'atir_provider_request_duration_seconds',
  help: 'Calls to payment, SMS and Telegram providers: time by provider, operation and outcome (ok, error, timeout, unreachable)',
  labelNames: ['provider', 'operation', 'outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
  registers: [metrics],
})

export type ProviderOutcome = 'ok' | 'error' | 'timeout' | 'unreachable'

/** An HTTP answer as the provider metric counts it: a 5xx is the provider failing; the rest are answers. */
export const httpOutcome = (response: Response): ProviderOutcome => (response.status >= 500 ? 'error' : 'ok')

/**
 * Times one call to a provider. `outcomeOf` names the outcome of an answer
 * (a 5xx is `error`); a call that throws is `timeout` when `signal` fired, else
 * `unreachable`, unless the error says otherwise (`errorOutcome`).
 */
export async function observeProvider<T>(
  labels: { provider: string; operation: string },
  call: () => Promise<T>,
  options: {
    signal?: AbortSignal
    outcomeOf?: (answer: T) => ProviderOutcome
    errorOutcome?: (error: unknown) => ProviderOutcome | undefined
  } = {},
): Promise<T> {
  const end = providerDuration.startTimer(labels)
  try {
    const answer = await call()
    end({ outcome: options.outcomeOf?.(answer) ?? 'ok' })
    return answer
  } catch (error) {
    end({ outcome: options.errorOutcome?.(error) ?? (options.signal?.aborted ? 'timeout' : 'unreachable') })
    throw error
  }
}

export const rateLimitRefusals = new Counter({
  name: 'atir_rate_limit_refusals_total',
  help: 'Requests refused with 429 by a limit, by kind (the limit that refused)',
  labelNames: ['kind'] as const,
  registers: [metrics],
})

export const pageCacheRequests = new Counter({
  name: 'atir_page_cache_requests_total',
  help: "Shared storefront pages: from the page cache (hit) or rendered first (miss), whole for a visitor who owns nothing (anonymous) or with the shopper's own parts filled in (personal)",
  labelNames: ['result', 'shopper'] as const,
  registers: [metrics],
})

export const notificationsSent = new Counter({
  name: 'atir_notifications_total',
  help: 'Tries to send a queued SMS or Telegram message, by channel and result (sent, failed)',
  labelNames: ['channel', 'result'] as const,
  registers: [metrics],
})

export const outboxMessages = new Gauge({
  name: 'atir_notification_outbox_messages',
  help: 'Unsent messages in the outbox, by channel and state: pending (will be tried) or given_up (out of tries)',
  labelNames: ['channel', 'state'] as const,
  registers: [metrics],
})

export const outboxOldestSeconds = new Gauge({
  name: 'atir_notification_outbox_oldest_pending_seconds',
  help: 'Age of the oldest message still to be sent, by channel (0 when none)',
  labelNames: ['channel'] as const,
  registers: [metrics],
})

export const refundsPending = new Gauge({
  name: 'atir_refunds_pending',
  help: 'Payments of cancelled orders whose money is not back yet (refund_pending), by provider',
  labelNames: ['provider'] as const,
  registers: [metrics],
})

export const orderJobsLastSuccess = new Gauge({
  name: 'atir_order_jobs_last_success_timestamp_seconds',
  help: "When this process's periodic order job last finished without an error (Unix time), by job",
  labelNames: ['job'] as const,
  registers: [metrics],
})

export const backupLastSuccess = new Gauge({
  name: 'atir_backup_last_success_timestamp_seconds',
  help: 'When the newest backup finished (Unix time), as npm run backup records it in the database; 0 when none has',
  registers: [metrics],
})

export const orderJobFailures = new Counter({
  name: 'atir_order_job_failures_total',
  help: 'Passes of a periodic order job that failed, by job',
  labelNames: ['job'] as const,
  registers: [metrics],
})
