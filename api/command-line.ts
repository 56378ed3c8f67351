import { type ParseArgsOptionsConfig, parseArgs } from 'node:util'

// The arguments of every `npm run` command, read one way: `--help` (or `-h`)
// prints the usage and exits 0; an option the command does not know, a
// missing value or an argument too many prints what is wrong and the usage,
// and exits 2. Read before the configuration is, or anything opened, so
// neither happens for them.

export type CommandLine<O extends ParseArgsOptionsConfig> = {
  /** The whole usage text, printed for `--help` and after a refused argument. */
  usage: string
  options: O
  /** At most this many arguments besides the options (none by default). */
  positionals?: number
  /** A command with sub-commands: the first argument must be one of these. */
  commands?: readonly string[]
}

type Values<O extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>
>['values']

export type Arguments<O extends ParseArgsOptionsConfig> = { values: Values<O>; positionals: string[] }

/** The usage to print instead of running: asked for (`help`), or after a refused argument. */
type Said = { kind: 'help' | 'refused'; text: string }

export type ReadArguments<O extends ParseArgsOptionsConfig> = ({ kind: 'run' } & Arguments<O>) | Said

/** The arguments, or what to print instead (for commands run as a function: the exit code is the caller's). */
export function readArguments<O extends ParseArgsOptionsConfig>(
  line: CommandLine<O>,
  args: string[],
): ReadArguments<O> {
  const end = args.indexOf('--')
  if ((end === -1 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h'))
    return { kind: 'help', text: line.usage }
  const refused = (problem: string): Said => ({ kind: 'refused', text: `${problem}\n\n${line.usage}` })
  let parsed: Arguments<O>
  try {
    parsed = parseArgs({ args, options: line.options, allowPositionals: true, strict: true }) as Arguments<O>
  } catch (error) {
    // Node's message goes on with advice for scripts ("To specify a positional argument…"): its first sentence says it.
    return refused((error as Error).message.split('. ')[0] ?? String(error))
  }
  const { positionals } = parsed
  if (line.commands) {
    const [command] = positionals
    if (!command) return refused('No command given.')
    if (!line.commands.includes(command)) return refused(`Unknown command: ${command}`)
  }
  const most = line.positionals ?? 0
  if (positionals.length > most) return refused(`Unexpected argument: ${positionals[most]}`)
  return { kind: 'run', ...parsed }
}

/**
 * The arguments of this process's command (scripts/*.mjs); `--help` and a
 * refused argument end the process here: 0 with the usage on stdout, 2 with
 * the problem and the usage on stderr.
 */
export function parseCommandLine<O extends ParseArgsOptionsConfig>(
  line: CommandLine<O>,
  args = process.argv.slice(2),
): Arguments<O> {
  const read = readArguments(line, args)
  if (read.kind === 'run') return read
  if (read.kind === 'help') console.log(read.text)
  else console.error(read.text)
  process.exit(read.kind === 'help' ? 0 : 2)
}

/** An argument the usage allows but the command cannot take (a `--keep` without `--into`): exit code 2, with the usage. */
export class UsageError extends Error {
  override readonly name = 'UsageError'
  readonly usage: string
  constructor(message: string, usage: string) {
    super(message)
    this.usage = usage
  }
}

/**
 * Runs this process's command `npm run <name>`: `--help` and refused
 * arguments are answered first, before anything is read or opened; then
 * `run`, whose result is the exit code (0 when it is no number). What it
 * throws is one line `<name>: <message>` and exit code 1 (2 and the usage for
 * a UsageError).
 */
export function runCommand<R extends { kind: 'run' } | Said>(
  name: string,
  read: R,
  run: (args: Extract<R, { kind: 'run' }>) => Promise<unknown>,
): void {
  if (read.kind !== 'run') {
    const { kind, text } = read as Said
    if (kind === 'help') console.log(text)
    else console.error(text)
    process.exitCode = kind === 'help' ? 0 : 2
    return
  }
  run(read as Extract<R, { kind: 'run' }>).then(
    (code) => {
      process.exitCode = typeof code === 'number' ? code : 0
    },
    (error) => {
      if (error instanceof UsageError) {
        console.error(`${error.message}\n\n${error.usage}`)
        process.exitCode = 2
        return
      }
      console.error(`${name}: ${error instanceof Error ? error.message : error}`)
      process.exitCode = 1
    },
  )
}
