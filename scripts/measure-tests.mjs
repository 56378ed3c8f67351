// `npm run test:measure`: how long the README's test command takes on a fresh
// clone, step by step, and with --postgres the integration pass .ci/run adds on
// PostgreSQL, with the machine's load average meanwhile (sampled every 5 s).
// A figure is only worth its load: on a busy machine it says so in the row it prints.
//
//   npm run test:measure                         this checkout's HEAD
//   npm run test:measure -- --ref main~12        another commit (the "before" of a change)
//   npm run test:measure -- --postgres postgres://atir:atir@127.0.0.1:5432/atir_test
//   npm run test:measure -- --keep               leave the clone (its test-results/) behind
//
// The clone is made with `git clone` of this repository and `npm ci`; the
// install is timed apart and not counted. It prints a row for docs/measured.md.

import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseCommandLine } from '../api/command-line.ts'
import { describeUrl } from '../api/db/connection.ts'

const usage = `Usage: npm run test:measure -- [--ref REF] [--postgres URL] [--keep]\n\n${readFileSync(
  fileURLToPath(import.meta.url),
  'utf8',
)
  .split('\nimport ')[0]
  .replace(/^\/\/ ?/gm, '')}`
const { values: args } = parseCommandLine({
  usage,
  options: { ref: { type: 'string' }, postgres: { type: 'string' }, keep: { type: 'boolean' } },
})

const root = fileURLToPath(new URL('..', import.meta.url))
const git = (...command) => spawnSync('git', command, { cwd: root, encoding: 'utf8' })
const ref = args.ref ?? 'HEAD'
const commit = git('rev-parse', '--verify', `${ref}^{commit}`).stdout.trim()
if (!commit) {
  console.error(`test:measure: "${ref}" names no commit here\n\n${usage}`)
  process.exit(2)
}
const clone = mkdtempSync(join(tmpdir(), 'atir-measure-'))
console.log(
  `npm run test:measure of ${ref} (${commit.slice(0, 10)}) in a fresh clone at ${clone}; ${
    args.postgres ? `then the integration pass on PostgreSQL ${describeUrl(args.postgres)}` : 'no PostgreSQL pass'
  }`,
)

// The load average every 5 s, kept per stage.
const samples = []
const sampler = setInterval(() => samples.push(loadavg()[0]), 5000)
const loadOf = (from, to) => {
  const during = samples.slice(from, to)
  if (during.length === 0) return 'n/a'
  const mean = during.reduce((sum, value) => sum + value, 0) / during.length
  return `${mean.toFixed(1)} (max ${Math.max(...during).toFixed(1)})`
}

function run(command, commandArgs, env = {}) {
  const started = Date.now()
  const from = samples.length
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {
      cwd: clone,
      stdio: 'inherit',
      env: {
        ...process.env,
        PATH: `${join(clone, 'node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}`,
        // The clone's own run: not this shell's database unless --postgres says so.
        DATABASE_URL: '',
        ...env,
      },
    })
    child.on('close', (code) => resolve({ code, seconds: (Date.now() - started) / 1000, load: loadOf(from) }))
  })
}

const readJson = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null)
const minutes = (seconds) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`
/** Tests vitest skipped: none is skipped on purpose here, so each is a file whose set-up failed. */
const skipped = (report) => (report ? (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0) : 'n/a')

let failed = false
try {
  spawnSync('git', ['clone', '--quiet', '--no-checkout', root, clone], { stdio: 'inherit' })
  spawnSync('git', ['-C', clone, 'checkout', '--quiet', commit], { stdio: 'inherit' })
  const install = await run('npm', ['ci', '--no-audit', '--no-fund'])
  if (install.code !== 0) throw new Error(`npm ci failed (exit ${install.code})`)
  console.log(`\ntest:measure: npm ci took ${minutes(install.seconds)} (not counted)\n`)

  const loadBefore = loadavg()[0]
  const test = await run('npm', ['test'])
  const summary = readJson(join(clone, 'test-results/summary.json'))
  const vitest = readJson(join(clone, 'test-results/vitest.json'))
  const step = (name) => summary?.steps?.find((s) => s.name === name)
  let postgres = null
  if (args.postgres) {
    // As .ci/run runs it, after npm test has built the shop.
    postgres = await run(
      'npx',
      [
        'vitest',
        'run',
        '--project',
        'integration',
        '--reporter=default',
        '--reporter=json',
        '--outputFile=test-results/vitest-postgres.json',
      ],
      { DATABASE_URL: args.postgres },
    )
    postgres.skipped = skipped(readJson(join(clone, 'test-results/vitest-postgres.json')))
  }
  failed = test.code !== 0 || (postgres !== null && postgres.code !== 0)

  console.log('\n=== test:measure\n')
  console.log(
    `commit ${commit.slice(0, 10)} (${ref}), ${cpus().length} cores, load average at the start ${loadBefore.toFixed(1)}`,
  )
  console.log(
    `npm test: ${minutes(test.seconds)} (exit ${test.code}), load ${test.load}; ${summary ? `${summary.passed} passed, ${summary.failed} failed` : 'no summary'}`,
  )
  for (const s of summary?.steps ?? [])
    console.log(`  ${s.name.padEnd(10)} ${minutes(s.seconds).padStart(6)}  ${s.passed} passed, ${s.failed} failed`)
  console.log(`  vitest skipped: ${skipped(vitest)}`)
  if (postgres)
    console.log(
      `integration on PostgreSQL: ${minutes(postgres.seconds)} (exit ${postgres.code}), load ${postgres.load}; skipped: ${postgres.skipped}`,
    )
  console.log('\nA row for docs/measured.md:\n')
  console.log(
    `| ${commit.slice(0, 10)} | ${minutes(test.seconds)} | ${step('vitest') ? minutes(step('vitest').seconds) : 'n/a'} | ${
      step('e2e') ? minutes(step('e2e').seconds) : 'n/a'
    } | ${postgres ? minutes(postgres.seconds) : '—'} | ${summary ? `${summary.passed} / ${summary.failed}` : 'n/a'} | ${skipped(vitest)} | ${loadBefore.toFixed(1)}; ${test.load} |`,
  )
} catch (error) {
  failed = true
  console.error(`test:measure: ${error.message}`)
} finally {
  clearInterval(sampler)
  if (args.keep) console.log(`\nThe clone stays at ${clone}`)
  else rmSync(clone, { recursive: true, force: true })
}
process.exitCode = failed ? 1 : 0
