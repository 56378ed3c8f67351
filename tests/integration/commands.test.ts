import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { projectRoot } from '#api/project-root.ts'

// Every `npm run` command an operator runs, as npm runs it: `--help` answers
// the usage with exit code 0 and an unknown argument is refused with it (exit
// code 2), both before a setting is read or a folder made; a command that runs
// says on its first line which database or folder it acts on, and makes no
// data folder it was not asked to.

const scripts = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')).scripts as Record<string, string>
// The developers' own tools, which work on the source tree; every other script is an operator's command.
const developerTools = ['start', 'build', 'dev', 'test', 'typecheck', 'lint', 'format', 'locales']
const operatorCommands = Object.keys(scripts).filter(
  (name) => !developerTools.includes(name) && !name.startsWith('test:') && name !== 'db:generate',
)

const scratch = mkdtempSync(join(tmpdir(), 'atir-commands-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))
/** A data folder that is not there: no command may make it unasked. */
const missing = join(scratch, 'never-made')

/** `npm run <name> -- <args>`: its exit code, what it printed on stdout and on stderr. */
function npmRun(name: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn('npm', ['run', '--silent', name, '--', ...args], {
    cwd: projectRoot,
    env: {
      ...process.env,
      PATH: `${join(projectRoot, 'node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}`,
      DATA_DIR: missing,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  )
}

/** Runs `task` over `items`, a few at a time (a 2-core machine). */
async function fewAtATime<T, R>(items: T[], task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = []
  for (let i = 0; i < items.length; i += 3) results.push(...(await Promise.all(items.slice(i, i + 3).map(task))))
  return results
}

describe('every npm run command', () => {
  it('is one the operator docs know', () => {
    expect(operatorCommands.sort()).toEqual(
      [
        'backup',
        'bench',
        'db:export-to-postgres',
        'db:seed',
        'icons',
        'media:move',
        'migrate',
        'preflight',
        'restore',
        'staff',
        'telegram',
      ].sort(),
    )
  })

  it('answers --help with its usage and exit code 0, reading no setting and making no folder', async () => {
    // A setting that is wrong: a command that read the configuration first would stop on it.
    const results = await fewAtATime(operatorCommands, (name) => npmRun(name, ['--help'], { PORT: 'not-a-port' }))
    for (const [i, result] of results.entries()) {
      const name = operatorCommands[i]
      expect(result.code, `${name}: ${result.stderr}`).toBe(0)
      expect(result.stdout, name).toMatch(/usage/i)
      expect(result.stdout, name).toContain(`npm run ${name}`)
      expect(result.stderr, name).toBe('')
    }
    expect(existsSync(missing)).toBe(false)
  })

  it('refuses an argument it does not know with the usage and exit code 2', async () => {
    const results = await fewAtATime(operatorCommands, (name) => npmRun(name, ['--no-such-flag']))
    for (const [i, result] of results.entries()) {
      const name = operatorCommands[i]
      expect(result.code, `${name}: ${result.stdout}${result.stderr}`).toBe(2)
      expect(result.stderr, name).toContain("Unknown option '--no-such-flag'")
      expect(result.stderr, name).toContain(`npm run ${name}`)
    }
    expect(existsSync(missing)).toBe(false)
  })
})

describe('a command that runs', () => {
  const embedded = (folder: string, made = false) =>
    `the embedded database in ${folder} (DATA_DIR, as DATABASE_URL is not set${made ? '' : '; none there yet'})`

  it('says first which database it acts on: the embedded one, when DATABASE_URL was forgotten', async () => {
    const folder = join(scratch, 'migrated')
    const migrate = await npmRun('migrate', [], { DATA_DIR: folder })
    expect(migrate.code, migrate.stderr).toBe(0)
    expect(migrate.stdout.split('\n')[0]).toBe(`npm run migrate on ${embedded(folder)}`)
    // Asked to: the migrations made the database there.
    expect(existsSync(join(folder, 'pglite'))).toBe(true)

    const again = await npmRun('migrate', [], { DATA_DIR: folder })
    expect(again.stdout.split('\n')[0]).toBe(`npm run migrate on ${embedded(folder, true)}`)
  })

  it('that works on a shop refuses a folder holding none, and makes none', async () => {
    for (const [name, args] of [
      ['backup', [join(scratch, 'backup')]],
      ['staff', ['list']],
      ['db:export-to-postgres', ['postgres://atir:atir@127.0.0.1:5432/nowhere']],
    ] as const) {
      const run = await npmRun(name, [...args])
      expect(run.code, `${name}: ${run.stdout}${run.stderr}`).toBe(1)
      expect(run.stdout.split('\n')[0], name).toContain(embedded(missing))
      expect(run.stderr, name).toContain(
        `there is no embedded database in ${missing}: set DATA_DIR to the shop's data folder, or DATABASE_URL to its PostgreSQL database`,
      )
    }
    expect(existsSync(missing)).toBe(false)
    expect(existsSync(join(scratch, 'backup'))).toBe(false)
  })

  it('that needs no database says so', async () => {
    const telegram = await npmRun('telegram', ['info'], { TELEGRAM_BOT_TOKEN: '' })
    expect(telegram.stdout.split('\n')[0]).toBe('npm run telegram on the bot of TELEGRAM_BOT_TOKEN (no database)')
    expect(telegram.code).toBe(1)
    const preflight = await npmRun('preflight', [], { SHOP_MODE: 'live' })
    expect(preflight.stdout.split('\n')[0]).toBe(
      `npm run preflight of ${embedded(missing)}, for 1 process started with SHOP_MODE=live`,
    )
    expect(preflight.code).toBe(1)
    expect(existsSync(missing)).toBe(false)
  })
})
