import { type Page, test } from '@playwright/test'

// What every browser spec reads the same way: the project, the page's main
// landmark and toast region, a visit that waits for hydration, logged errors.

export const withJs = () => test.info().project.name === 'chromium-js'
export const main = (page: Page) => page.getByRole('main')
export const toasts = (page: Page) => page.getByRole('region', { name: 'Уведомления' })

/** Opens `path`; with JavaScript, waits until the page is hydrated and quiet. */
export async function visit(page: Page, path: string) {
  await page.goto(path)
  if (withJs()) await page.waitForLoadState('networkidle')
}

/** Errors the page logs (hydration mismatches, uncaught exceptions); a test ends expecting none. */
export function watchErrors(page: Page) {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}
