// npm run telegram -- webhook [--url …] | webhook --delete | info | simulate …
// Sets up the bot's webhook, or stands in for Telegram on the running shop (docs/telegram.md); needs no database.
import { runCommand } from '../command-line.ts'
import { getConfig } from '../config.ts'
import { readTelegramArguments, runTelegramCommand, telegramTarget } from './commands.ts'

const args = process.argv.slice(2)
runCommand('telegram', readTelegramArguments(args), async () => {
  const config = getConfig()
  console.log(`npm run telegram on ${telegramTarget(args, config)}`)
  return runTelegramCommand(args, { config, print: (line) => console.log(line) })
})
