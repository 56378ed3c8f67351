import { Api } from 'grammy'
import type { Config } from '../config.ts'
import { runSimulate, simulateUsage } from './simulate.ts'
import { webhookSecret } from './webhook-secret.ts'

/** The updates the staff bot reads: `/start <code>` messages and button presses. */
export const allowedUpdates = ['message', 'callback_query'] as const

const usage = [
  'npm run telegram -- webhook [--url https://shop.example/api/v1/telegram/webhook/]',
  '  points the bot (TELEGRAM_BOT_TOKEN) at the shop: PUBLIC_URL + /api/v1/telegram/webhook/ by default',
  'npm run telegram -- webhook --delete',
  'npm run telegram -- info    the bot (its @username for TELEGRAM_BOT_USERNAME) and its webhook',
  ...simulateUsage,
]

/**
 * `npm run telegram -- …`: sets the bot's webhook with the secret the
 * webhook checks (webhook-secret.ts), removes it, or shows it; `simulate`
 * presses the bot's buttons locally (simulate.ts). Returns the exit code.
 * `apiRoot` and `fetch` are for tests.
 */
export async function runTelegramCommand(
  args: string[],
  options: {
    config: Config
    print: (line: string) => void
    apiRoot?: string
    fetch?: (request: Request) => Promise<Response>
  },
): Promise<number> {
  const { config, print } = options
  const [command, ...rest] = args
  if (command === 'simulate') return runSimulate(rest, options)
  if (command !== 'webhook' && command !== 'info') {
    for (const line of usage) print(line)
    return command ? 1 : 0
  }
  const secret = webhookSecret(config)
  if (!config.TELEGRAM_BOT_TOKEN || !secret) {
    print('TELEGRAM_BOT_TOKEN is not set: create the bot with @BotFather and set its token first.')
    return 1
  }
  // The webhook's secret derives from the shop's session secret: one made up now would never match the shop's.
  if (config.sessionSecretSource === 'new') {
    print(
      `The shop has no session secret yet (SESSION_SECRET is not set and ${config.dataDir} holds none): set SESSION_SECRET, or start the shop once first.`,
    )
    return 1
  }
  const api = new Api(config.TELEGRAM_BOT_TOKEN, options.apiRoot ? { apiRoot: options.apiRoot } : undefined)
  if (command === 'info') {
    const me = await api.getMe()
    const info = await api.getWebhookInfo()
    print(`bot: @${me.username} (TELEGRAM_BOT_USERNAME=${me.username})`)
    print(`webhook: ${info.url || '(none)'}; pending updates: ${info.pending_update_count}`)
    if (info.last_error_message) print(`last error: ${info.last_error_message}`)
    return 0
  }
  if (rest.includes('--delete')) {
    await api.deleteWebhook()
    print('webhook removed')
    return 0
  }
  const urlIndex = rest.indexOf('--url')
  const base = config.PUBLIC_URL
  const url = urlIndex >= 0 ? rest[urlIndex + 1] : base && new URL('/api/v1/telegram/webhook/', base).toString()
  if (!url?.startsWith('https://')) {
    print('The webhook needs an https:// address: set PUBLIC_URL or pass --url https://…/api/v1/telegram/webhook/')
    return 1
  }
  await api.setWebhook(url, { secret_token: secret, allowed_updates: [...allowedUpdates] })
  print(`webhook set: ${url}`)
  return 0
}
