// npm run telegram -- webhook [--url …] | webhook --delete | info | simulate …
// Sets up the bot's webhook, or stands in for Telegram on the running shop (docs/telegram.md); needs no database.
import { getConfig } from '../config.ts'
import { runTelegramCommand } from './commands.ts'

runTelegramCommand(process.argv.slice(2), { config: getConfig(), print: (line) => console.log(line) })
  .then((code) => {
    process.exitCode = code
  })
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  })
