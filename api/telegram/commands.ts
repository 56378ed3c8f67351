import type { ParseArgsOptionsConfig } from 'node:util'
import { Api } from 'grammy'
import { type CommandLine, type ReadArguments, readArguments } from '../command-line.ts'
import type { Config } from '../config.ts'
import { telegramOutboxPath } from '../integrations/telegram/index.ts'
import { miniAppUrl, telegramCanOpen } from './mini-app.ts'
import { runSimulate, simulatedWebhook, simulateOptions, simulateUsage } from './simulate.ts'
import { botText } from './texts.ts'
import { webhookSecret } from './webhook-secret.ts'

/** The updates the staff bot reads: `/start <code>` messages and button presses. */
export const allowedUpdates = ['message', 'callback_query'] as const

const usage = [
  'Usage:',
  'npm run telegram -- webhook [--url https://shop.example/api/v1/telegram/webhook/]',
  '  points the bot (TELEGRAM_BOT_TOKEN) at the shop: PUBLIC_URL + /api/v1/telegram/webhook/ by default',
  'npm run telegram -- webhook --delete',
  'npm run telegram -- info    the bot (its @username for TELEGRAM_BOT_USERNAME) and its webhook',
  ...simulateUsage,
  'None of them opens the database.',
].join('\n')

const telegramOptions = { ...simulateOptions, delete: { type: 'boolean' } } as const
type TelegramArguments = ReadArguments<typeof telegramOptions>

/** The command line of each sub-command (api/command-line.ts); `none` answers any other. */
const commandLines: Record<string, CommandLine<ParseArgsOptionsConfig>> = {
  webhook: { usage, options: { url: telegramOptions.url, delete: telegramOptions.delete }, positionals: 1 },
  info: { usage, options: {}, positionals: 1 },
  simulate: { usage, options: simulateOptions, positionals: Number.POSITIVE_INFINITY },
  none: { usage, options: {}, commands: ['webhook', 'info', 'simulate'] },
}

/** `npm run telegram`'s arguments, read by the sub-command that comes first. */
export function readTelegramArguments(args: string[]): TelegramArguments {
  const line = commandLines[args[0] ?? ''] ?? commandLines.none
  return readArguments(line as CommandLine<typeof telegramOptions>, args)
}

/** What the command acts on, for its first line: never a database. */
export function telegramTarget(args: string[], config: Pick<Config, 'PORT' | 'dataDir'>) {
  const read = readTelegramArguments(args)
  if (read.kind !== 'run') return ''
  const [command, kind] = read.positionals
  if (command !== 'simulate') return 'the bot of TELEGRAM_BOT_TOKEN (no database)'
  if (kind === 'buttons') return `the messages in ${telegramOutboxPath(config)} (no database)`
  if (kind === 'webapp')
    return `the shop's Mini App at ${read.values.url ?? `http://127.0.0.1:${config.PORT}`} (no database)`
  return `the shop's webhook ${simulatedWebhook(read.values, config)} (no database)`
}

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
  const read = readTelegramArguments(args)
  if (read.kind !== 'run') {
    print(read.text)
    return read.kind === 'help' ? 0 : 2
  }
  const [command, ...rest] = read.positionals
  if (command === 'simulate') return runSimulate({ positionals: rest, values: read.values }, options)
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
  if (read.values.delete) {
    await api.deleteWebhook()
    print('webhook removed')
    return 0
  }
  const url = read.values.url ?? telegramWebhookUrl(config)
  if (!url?.startsWith('https://')) {
    print('The webhook needs an https:// address: set PUBLIC_URL or pass --url https://…/api/v1/telegram/webhook/')
    return 1
  }
  await api.setWebhook(url, { secret_token: secret, allowed_updates: [...allowedUpdates] })
  print(`webhook set: ${url}`)
  // The menu button beside the message field opens the shop inside Telegram (the Mini App).
  const shop = miniAppUrl(config)
  if (telegramCanOpen(shop)) {
    const text = botText('ru', 'menu_button') // one text for every user: the shop's default language
    await api.setChatMenuButton({ menu_button: { type: 'web_app', text, web_app: { url: shop } } })
    print(`menu button "${text}" opens ${shop}`)
  } else print('No menu button: the Mini App needs an https:// address (PUBLIC_URL or TELEGRAM_WEBAPP_URL).')
  return 0
}

/** The webhook address the bot is pointed at by default: PUBLIC_URL's (what `npm run preflight` expects to find). */
export function telegramWebhookUrl(config: Pick<Config, 'PUBLIC_URL'>) {
  return config.PUBLIC_URL && new URL('/api/v1/telegram/webhook/', config.PUBLIC_URL).toString()
}
