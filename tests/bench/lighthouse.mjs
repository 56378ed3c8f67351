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

// The timings the bench reports, as Lighthouse's audit ids, with their unit.
const timings = {
  'first-contentful-paint': 's',
  'largest-contentful-paint': 's',
  'total-blocking-time': 'ms',
  'cumulative-layout-shift': '',
  'speed-index': 's',
}

/**
 * One Lighthouse navigation of `url`: the four category scores (0-100), the timings (their numeric
 * values: ms, CLS unitless) and the audits that lost points, for fixing.
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
  const metrics = Object.fromEntries(Object.keys(timings).map((id) => [id, lhr.audits[id]?.numericValue ?? null]))
  return { scores, lost, metrics, warnings: lhr.runWarnings ?? [], version: lhr.lighthouseVersion }
}

const median = (values) => {
  const sorted = values.filter((v) => v !== null).sort((a, b) => a - b)
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null
}
/** Median, lowest and highest of some runs' values. */
const spread = (values) => {
  const known = values.filter((v) => v !== null)
  return {
    median: median(known),
    min: known.length ? Math.min(...known) : null,
    max: known.length ? Math.max(...known) : null,
  }
}

/**
 * `runs` rounds of Lighthouse over `pages` ({ name: url }), each round taking every page in turn, so that a
 * change in the machine's load in the meantime falls on every page alike. Per page: the median of each score
 * and timing with its lowest and highest (`spread`), every run's scores, and the run whose performance score
 * is the median (it explains it best: its lost audits and warnings).
 */
export async function auditPages(pages, port, runs, log = () => {}) {
  const all = Object.fromEntries(Object.keys(pages).map((name) => [name, []]))
  for (let run = 1; run <= runs; run++) {
    for (const [name, url] of Object.entries(pages)) {
      const result = await audit(url, port)
      all[name].push(result)
      log(name, run, result)
    }
  }
  return Object.fromEntries(
    Object.entries(all).map(([name, results]) => {
      const scores = Object.fromEntries(categories.map((id) => [id, spread(results.map((r) => r.scores[id]))]))
      const metrics = Object.fromEntries(
        Object.keys(timings).map((id) => [id, spread(results.map((r) => r.metrics[id]))]),
      )
      const representative = results.find((r) => r.scores.performance === scores.performance.median) ?? results[0]
      return [name, { ...representative, scores, metrics, runs: results.map((r) => r.scores) }]
    }),
  )
}

/** "median (lowest–highest)", the range left out when every run gave the same; `number` writes one value. */
function withSpread({ median, min, max }, number, unit = '') {
  if (median === null) return '—'
  const range = number(min) === number(max) ? '' : ` (${number(min)}–${number(max)})`
  return `${number(median)}${unit ? ` ${unit}` : ''}${range}`
}

/** A score's spread as the table shows it: `98 (96–99)`. */
export const scoreText = (scores) => withSpread(scores, String)

/** A timing's spread as the table shows it: seconds with one decimal, milliseconds to 10, CLS to three decimals. */
export function timingText(id, values) {
  const unit = timings[id]
  const number =
    unit === 's'
      ? (ms) => (ms / 1000).toFixed(1)
      : unit === 'ms'
        ? (ms) => String(Math.round(ms / 10) * 10)
        : (value) => String(Number(value.toFixed(3)))
  return withSpread(values, number, unit)
}

/**
 * Makes, before the first measured run, every resized copy of a picture the pages name (src, srcset, the
 * preloads' imagesrcset) in the format Chromium asks for: the media route makes each copy at its first
 * request and keeps it, so otherwise the first run alone would wait for them (a shop serves them long made).
 */
export async function warmPictures(base, htmls) {
  const urls = new Set()
  for (const html of htmls)
    for (const match of html.matchAll(/\b(?:src|srcSet|imageSrcSet)="([^"]+)"/gi))
      for (const candidate of match[1].split(',')) {
        const url = candidate.trim().split(/\s+/)[0]
        if (url?.startsWith('/api/v1/media/')) urls.add(url)
      }
  const accept = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8'
  for (const url of urls) await (await fetch(base + url, { headers: { Accept: accept } })).arrayBuffer()
  return urls.size
}
