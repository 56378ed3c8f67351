// Lighthouse scores for scripts/bench.mjs: the default (mobile, simulated
// throttling) configuration on the system Chromium, which this script starts
// itself so the flags are exactly these (the network here is closed, so
// nothing that phones home may run).
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import lighthouse from 'lighthouse'
import { findChromium } from '../../scripts/find-chromium.mjs'

export const categories = ['performance', 'accessibility', 'best-practices', 'seo']

const chromiumFlags = [
  '--headless=new',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-gpu',
  '--remote-debugging-port=0',
]

/** Starts Chromium with a throwaway profile; resolves its DevTools port and a stop(). */
export async function startChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'atir-bench-chromium-'))
  const flags = [...chromiumFlags, `--user-data-dir=${profile}`]
  // Chromium refuses to run as root with its sandbox on.
  if (process.getuid?.() === 0) flags.push('--no-sandbox')
  const chromium = spawn(findChromium(), [...flags, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] })
  const port = await new Promise((resolve, reject) => {
    let log = ''
    const timer = setTimeout(() => reject(new Error(`Chromium did not start in 30 s:\n${log}`)), 30_000)
    chromium.stderr.on('data', (chunk) => {
      log += chunk
      const found = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(log)
      if (found) {
        clearTimeout(timer)
        resolve(Number(found[1]))
      }
    })
    chromium.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`Chromium exited with ${code}:\n${log}`))
    })
  })
  chromium.stderr.resume()
  const stop = () =>
    new Promise((resolve) => {
      const done = () => {
        rmSync(profile, { recursive: true, force: true })
        resolve()
      }
      if (chromium.exitCode !== null) return done()
      chromium.once('exit', done)
      chromium.kill('SIGTERM')
    })
  return { port, stop }
}

/**
 * One Lighthouse navigation of `url`: the four category scores (0-100) and the
 * audits that lost points, for fixing.
 */
export async function audit(url, port) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: categories })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  const scores = Object.fromEntries(
    categories.map((id) => [id, lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100)]),
  )
  const lost = []
  for (const id of categories) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const found = lhr.audits[ref.id]
      if (ref.weight > 0 && found && found.score !== null && found.score < 1) {
        lost.push({ category: id, id: ref.id, score: found.score, title: found.title, value: found.displayValue ?? '' })
      }
    }
  }
  const metrics = Object.fromEntries(
    [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ].map((id) => [id, lhr.audits[id]?.displayValue ?? '']),
  )
  return { scores, lost, metrics, warnings: lhr.runWarnings ?? [], version: lhr.lighthouseVersion }
}

/** Median of `runs` audits per category (performance varies most from run to run). */
export async function medianAudit(url, port, runs) {
  const all = []
  for (let i = 0; i < runs; i++) all.push(await audit(url, port))
  const median = (values) => {
    const sorted = values.filter((v) => v !== null).sort((a, b) => a - b)
    return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null
  }
  const scores = Object.fromEntries(categories.map((id) => [id, median(all.map((a) => a.scores[id]))]))
  // The run whose performance score is the median explains it best.
  const representative = all.find((a) => a.scores.performance === scores.performance) ?? all[0]
  return { ...representative, scores, runs: all.map((a) => a.scores) }
}
