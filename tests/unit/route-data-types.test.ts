// Loader and action data are typed by the route's own Route.ComponentProps (or useLoaderData<typeof loader>()):
// an action answers data(…) per form, each with its intent, and the page narrows on it. A cast would hide
// a changed answer from the typecheck, so none is allowed.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'

const app = join(import.meta.dirname, '../../app')
const modules = (readdirSync(app, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f))

/** `actionData as X`, `loaderData as X`, `useActionData() as X`, `fetcher.data as X`, `m.loaderData as X`… */
const cast =
  /\b(?:actionData|loaderData|useActionData\([^)]*\)|useLoaderData\([^)]*\)|fetcher\.data)\s+as\b(?!\s+const\b)/

test('no module under app/ casts loader or action data', () => {
  const found = modules.flatMap((file) =>
    readFileSync(join(app, file), 'utf8')
      .split('\n')
      .map((line, i) => ({ line, at: `app/${file.replaceAll('\\', '/')}:${i + 1}` }))
      .filter(({ line }) => cast.test(line))
      .map(({ line, at }) => `${at}: ${line.trim()}`),
  )
  expect(found).toEqual([])
})

test('the rule sees a cast', () => {
  expect(cast.test('  const answer = actionData as FormAnswer | undefined')).toBe(true)
  expect(cast.test("  const shell = matches.find((m) => m?.id === 'shop')?.loaderData as")).toBe(true)
  expect(cast.test('  const answer: FormAnswer | undefined = actionData')).toBe(false)
})
