import type { ApiDeps } from '../http/context.ts'
import { createSmsProvider } from '../integrations/sms/index.ts'
import { createTelegramSender } from '../integrations/telegram/index.ts'
import { logger } from '../log.ts'
import { orderJobFailures, orderJobsLastSuccess } from '../metrics.ts'
import { dispatchNotifications } from '../notifications/dispatch.ts'
import { refundDepsOf, retryPendingRefunds } from '../payments/refunds.ts'
import { queueTelegramReports } from '../telegram/jobs.ts'
import { sampleBacklog } from './backlog.ts'
import { expireUnpaidOrders } from './expiry.ts'

// The log's words for each job, as before the metrics named them.
const jobFailures: Record<string, string> = {
  expiry: 'expiring unpaid orders',
  refunds: 'retrying refunds',
  telegram_reports: 'queueing the Telegram reports',
  notifications: 'sending notifications',
  backlog: 'measuring the backlog',
}

export type OrderJobs = {
  /** One pass now (what the timer runs); resolves when it is done. */
  runOnce(): Promise<void>
  /** Stops the timer and waits for a pass in progress, so the database can be closed after it. */
  stop(): Promise<void>
}

/**
 * The server's periodic order work, every ORDER_JOBS_INTERVAL_SECONDS:
 * cancels unpaid orders past their hold, retries refunds that failed
 * (payments/refunds.ts) and sends the queued SMS and Telegram messages
 * (notifications/dispatch.ts; safe with several processes), after queueing
 * the Telegram bot's daily summary and low-stock alerts (telegram/jobs.ts). Passes never overlap; the timer is
 * unref'd, so it never keeps the process alive on its own.
 */
export function startOrderJobs(deps: ApiDeps, options: { intervalMs?: number } = {}): OrderJobs {
  const { db } = deps.database
  const now = deps.now ?? (() => new Date())
  const refunds = refundDepsOf(deps)
  const notifications = {
    db,
    config: deps.config,
    now,
    sms: deps.sms ?? createSmsProvider(deps.config, now),
    telegram: deps.telegram ?? createTelegramSender(deps.config, now),
  }
  let running: Promise<void> | null = null

  /** One job of the pass: its failure is logged and counted, never stops the others. */
  async function step(job: string, run: () => Promise<void>) {
    try {
      await run()
      orderJobsLastSuccess.set({ job }, Date.now() / 1000)
    } catch (error) {
      orderJobFailures.inc({ job })
      logger().error({ err: error }, `orders: ${jobFailures[job] ?? job} failed`)
    }
  }

  async function pass() {
    await step('expiry', async () => {
      const cancelled = await expireUnpaidOrders(db, { config: deps.config, now: now() })
      if (cancelled.length) logger().info(`orders: cancelled unpaid ${cancelled.join(', ')} (payment_timeout)`)
    })
    await step('refunds', async () => {
      const refunded = await retryPendingRefunds(refunds)
      if (refunded) logger().info(`orders: ${refunded} refund(s) completed on retry`)
    })
    await step('telegram_reports', async () => {
      const { summaryDay, lowStock } = await queueTelegramReports(db, deps.config, now())
      if (summaryDay) logger().info(`orders: sales summary of ${summaryDay} queued`)
      if (lowStock.length) logger().info(`orders: low-stock alert queued for ${lowStock.length} product(s)`)
    })
    await step('notifications', async () => {
      const { sent, failed } = await dispatchNotifications(notifications)
      if (sent || failed) logger().info(`orders: notifications sent ${sent}, failed ${failed}`)
    })
    // After the sending: what is still waiting, for /metrics.
    await step('backlog', () => sampleBacklog(db, now()))
  }
  const runOnce = () => {
    running ??= pass().finally(() => {
      running = null
    })
    return running
  }

  const timer = setInterval(runOnce, options.intervalMs ?? deps.config.ORDER_JOBS_INTERVAL_SECONDS * 1000)
  timer.unref()
  return {
    runOnce,
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
