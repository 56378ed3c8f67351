// `npm test`: every check the project has, in one run, ending with one
// `N passed, N failed` line. All steps always run so one run shows every problem.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { delimiter, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const bin = join(root, 'node_modules', '.bin')
// node_modules/.bin first so the tools (and their `#!/usr/bin/env node`) get the
// project's Node 24 even when this file was started with an older system node.
const env = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` }

const steps = [
  { name: 'locales', commands: [['node', 'scripts/locale-parity.mjs', 'locales']] },
  { name: 'typecheck', commands: [['react-router', 'typegen'], ['tsc']] },
  { name: 'lint', commands: [['biome', 'check', '.']] },
  {
    name: 'vitest',
    report: 'test-results/vitest.json',
    count: vitestCounts,
    commands: [['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=test-results/vitest.json']],
  },
  { name: 'build', commands: [['react-router', 'build']] },
  {
    name: 'e2e',
    report: 'test-results/e2e.json',
    count: playwrightCounts,
    commands: [['playwright', 'test']],
  },
]

function run([command, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' })
    child.on('error', (error) => {
      console.error(`test: cannot start ${command}: ${error.message}`)
      resolve(127)
    })
    child.on('close', (code, signal) => resolve(signal ? 128 : code))
  })
}

function vitestCounts(report) {
  // A file that fails to load has no failed test, only a failed file status.
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && !file.assertionResults?.some((t) => t.status === 'failed'),
  ).length
  const failures = (report.testResults ?? []).flatMap((file) => {
    const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed')
    if (tests.length === 0 && file.status === 'failed') return [`${relative(root, file.name)}: ${gist(file.message)}`]
    return tests.map((t) => `${relative(root, file.name)} › ${t.fullName}: ${gist(t.failureMessages?.[0])}`)
  })
  return { passed: report.numPassedTests ?? 0, failed: (report.numFailedTests ?? 0) + brokenFiles, failures }
}

function playwrightCounts(report) {
  const stats = report.stats ?? {}
  // flaky = failed first, passed on retry
  const failures = []
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue
        const error = test.results?.findLast((r) => r.error)?.error
        const at = error?.location ? ` (at line ${error.location.line})` : ''
        failures.push(
          `[${test.projectName}] ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}${at}: ${gist(error?.message)}`,
        )
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title === child.file ? titles : [...titles, child.title])
  }
  for (const suite of report.suites ?? []) walk(suite, [])
  return { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: stats.unexpected ?? 0, failures }
}

// The gist of an error, colour codes stripped: its first line plus what was
// expected and received, enough to diagnose from the closing summary, which is
// all a CI log tail may show.
function gist(message) {
  const lines = String(message ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
  if (lines.length === 0) return 'no message'
  const detail = lines.slice(1).filter((line) => /^(Expected|Received|Locator|Error:|Timeout)/.test(line))
  return [lines[0], ...detail.slice(0, 4)].map((line) => line.slice(0, 200)).join(' | ')
}

const results = []
for (const step of steps) {
  const started = Date.now()
  console.log(`\n=== ${step.name}: ${step.commands.map((c) => c.join(' ')).join(' && ')}\n`)
  if (step.report) rmSync(join(root, step.report), { force: true })
  let code = 0
  for (const command of step.commands) {
    code = await run(command)
    if (code !== 0) break
  }
  let passed = code === 0 ? 1 : 0
  let failed = code === 0 ? 0 : 1
  let note = ''
  let failures = []
  if (step.report) {
    const reportPath = join(root, step.report)
    if (existsSync(reportPath)) {
      try {
        ;({ passed, failed, failures } = step.count(JSON.parse(readFileSync(reportPath, 'utf8'))))
      } catch (error) {
        note = `unreadable report: ${error.message}`
        passed = 0
        failed = 0
      }
    } else {
      note = 'no report'
      passed = 0
    }
    // A failing exit with no failing test (no tests found, server did not start,
    // unhandled error, crash) must still fail the run.
    if (code !== 0 && failed === 0) failed = 1
  }
  results.push({
    name: step.name,
    code,
    passed,
    failed,
    failures,
    note,
    seconds: (Date.now() - started) / 1000,
  })
}

const pad = (value, width) => String(value).padEnd(width)
const padLeft = (value, width) => String(value).padStart(width)
console.log('\n=== summary\n')
console.log(
  `${pad('step', 10)} ${pad('result', 6)} ${padLeft('passed', 6)} ${padLeft('failed', 6)} ${padLeft('time', 8)}`,
)
for (const r of results) {
  const line = `${pad(r.name, 10)} ${pad(r.code === 0 ? 'ok' : `exit ${r.code}`, 6)} ${padLeft(r.passed, 6)} ${padLeft(r.failed, 6)} ${padLeft(`${r.seconds.toFixed(1)}s`, 8)}`
  console.log(r.note ? `${line}  ${r.note}` : line)
}
const passed = results.reduce((sum, r) => sum + r.passed, 0)
const failed = results.reduce((sum, r) => sum + r.failed, 0)
// .ci/run adds these totals to its PostgreSQL run for one closing line.
mkdirSync(join(root, 'test-results'), { recursive: true })
writeFileSync(
  join(root, 'test-results/summary.json'),
  `${JSON.stringify({ passed, failed, steps: results }, null, 2)}\n`,
)
const failures = results.flatMap((r) => r.failures)
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`)
console.log('')
console.log(`${passed} passed, ${failed} failed`)
process.exitCode = failed === 0 ? 0 : 1
