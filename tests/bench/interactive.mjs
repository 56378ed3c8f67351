// How soon a page answers a shopper's hand on a slow phone, for scripts/bench.mjs:
// a product page opened with a cold cache, the search box tapped and a word typed
// (7 letters, 100 ms apart); the time from the tap to the first live suggestion,
// whether the word is intact, how long until the page is alive and how many script
// files it fetched. The tap comes either at once (the `load` event) or once the
// page has settled (the network quiet: the shopper looked at it first, and the
// scripts were fetched meanwhile). The phone is throttled with the DevTools
// protocol: Lighthouse's mobile preset (150 ms round trip, 1.6 Mbit/s, a 4×
// slower CPU) and a slower network (400 ms, 400 kbit/s).
import { chromium } from '@playwright/test'
import { findChromium } from '../../scripts/find-chromium.mjs'

export const profiles = [
  { name: 'Lighthouse mobile (150 ms, 1.6 Mbit/s, CPU 4×)', latency: 150, kbits: 1600, target: 2500 },
  { name: 'slow phone network (400 ms, 400 kbit/s, CPU 4×)', latency: 400, kbits: 400, target: 5000 },
]

const word = 'живанши'
const keyDelay = 100
export const moments = ['at once', 'settled']

async function throttle(page, { latency, kbits }) {
  const cdp = await page.context().newCDPSession(page)
  const bytesPerSecond = (kbits * 1000) / 8
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond / 2,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
}

/** One visit: the page's scripts and the search's timings, in ms from the tap. */
async function visit(browser, url, profile, moment) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'ru-RU',
  })
  const page = await context.newPage()
  try {
    await throttle(page, profile)
    await page.goto(url, { waitUntil: moment === 'settled' ? 'networkidle' : 'load', timeout: 120_000 })
    const box = page.locator('input[name="search"]:visible').first()
    // Alive: the search box has become the live combobox (the page hydrated and its controls rendered).
    await page.evaluate(() => {
      const poll = setInterval(() => {
        if (!document.querySelector('input[name="search"][role="combobox"]')) return
        window.aliveAt = performance.now()
        clearInterval(poll)
      }, 10)
    })
    const tapped = await page.evaluate(() => performance.now())
    await box.tap()
    await box.pressSequentially(word, { delay: keyDelay })
    const typed = (await page.evaluate(() => performance.now())) - tapped
    await page.getByRole('option').first().waitFor({ timeout: 120_000 })
    const alive = await page.evaluate(() => window.aliveAt)
    const found = (await page.evaluate(() => performance.now())) - tapped
    const value = await box.inputValue()
    const scripts = await page.evaluate(
      () =>
        new Set(
          performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name).pathname)
            .filter((path) => path.endsWith('.js')),
        ).size,
    )
    return { found, alive: alive - tapped, typed, intact: value === word, scripts }
  } finally {
    await context.close()
  }
}

/**
 * One visit that taps «В корзину» on the product page before it is alive (the button brought into view,
 * which starts the scripts, and tapped at once): from the tap to the page being alive (the root's
 * `atir:alive`, once the held press can go) and to the header's badge counting it, and how far the page
 * moved meanwhile (px).
 */
async function basketVisit(browser, url, profile, moment) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'ru-RU',
  })
  const page = await context.newPage()
  try {
    await throttle(page, profile)
    await page.addInitScript(() => addEventListener('atir:alive', () => (window.aliveAt = performance.now())))
    await page.goto(url, { waitUntil: moment === 'settled' ? 'networkidle' : 'load', timeout: 120_000 })
    const add = page
      .getByRole('main')
      .getByRole('button', { name: /^В корзину: / })
      .first()
    await add.scrollIntoViewIfNeeded()
    const before = await page.evaluate(() => window.scrollY)
    const tapped = await page.evaluate(() => performance.now())
    await add.tap()
    await page
      .getByRole('banner')
      .getByRole('link', { name: 'Корзина: 1' })
      .waitFor({ state: 'attached', timeout: 120_000 })
    const counted = (await page.evaluate(() => performance.now())) - tapped
    await page.waitForFunction(() => window.aliveAt, null, { timeout: 120_000 })
    const alive = (await page.evaluate(() => window.aliveAt)) - tapped
    const moved = Math.abs((await page.evaluate(() => window.scrollY)) - before)
    return { alive, counted, moved }
  } finally {
    await context.close()
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)]
}

/** The median of `runs` visits per profile: the search's (`results`) and the basket button's (`basket`). */
export async function interactiveBench(url, runs = 3) {
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: [
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    ],
  })
  try {
    const results = []
    const basket = []
    for (const profile of profiles) {
      for (const moment of moments) {
        const visits = []
        for (let i = 0; i < runs; i++) visits.push(await visit(browser, url, profile, moment))
        results.push({
          profile,
          moment,
          found: median(visits.map((v) => v.found)),
          alive: median(visits.map((v) => v.alive)),
          typed: median(visits.map((v) => v.typed)),
          scripts: Math.max(...visits.map((v) => v.scripts)),
          intact: visits.every((v) => v.intact),
        })
        const taps = []
        for (let i = 0; i < runs; i++) taps.push(await basketVisit(browser, url, profile, moment))
        basket.push({
          profile,
          moment,
          alive: median(taps.map((v) => v.alive)),
          counted: median(taps.map((v) => v.counted)),
          moved: Math.max(...taps.map((v) => v.moved)),
        })
      }
    }
    return { results, basket }
  } finally {
    await browser.close()
  }
}
