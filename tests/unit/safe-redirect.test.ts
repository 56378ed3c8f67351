import { describe, expect, it } from 'vitest'
import { safeRedirect } from '#app/utils/safe-redirect.ts'

const fallback = '/ru'

// Each of these, followed by a browser (as a Location header or a link), leaves
// the shop or is not a shop page at all: all fall back.
const refused: Array<[string, unknown]> = [
  ['protocol-relative', '//evil.example'],
  ['protocol-relative with a path', '//evil.example/ru'],
  ['three slashes', '///evil.example'],
  ['slash backslash', '/\\evil.example'],
  ['backslash slash', '\\/evil.example'],
  ['two backslashes', '\\\\evil.example'],
  ['dot segment then two slashes', '/.//evil.example'],
  ['dot segment then backslash', '/./\\evil.example'],
  ['dot-dot out of a language', '/ru/..//evil.example'],
  ['encoded dot-dot out of a language', '/ru/%2e%2e//evil.example'],
  ['encoded dot-dot, upper case', '/ru/%2E%2E/%2E%2E//evil.example'],
  ['dot-dot to a path outside the languages', '/ru/../evil'],
  ['tab between the slashes', '/\t/evil.example'],
  ['newline between the slashes', '/\n/evil.example'],
  ['carriage return between the slashes', '/\r/evil.example'],
  ['leading tab', '\t//evil.example'],
  ['NUL', '/ru\u0000//evil.example'],
  ['DEL', '/\u007f/evil.example'],
  ['encoded slashes at the start', '%2F%2Fevil.example'],
  ['slash then encoded slash', '/%2F/evil.example'],
  ['slash then encoded slashes', '/%2F%2Fevil.example'],
  ['encoded backslash', '/%5Cevil.example'],
  ['encoded backslash, lower case', '/%5cevil.example'],
  ['encoded tab', '/%09/evil.example'],
  ['absolute http URL', 'http://evil.example/ru'],
  ['absolute https URL', 'https://evil.example'],
  ['scheme without slashes', 'http:evil.example'],
  ['javascript: URL', 'javascript:alert(1)'],
  ['javascript: URL in upper case', 'JAVASCRIPT:alert(1)'],
  ['data: URL', 'data:text/html,<script>alert(1)</script>'],
  ['javascript: after a slash', '/javascript:alert(1)'],
  ['relative path', 'ru/profile'],
  ['leading space', ' /ru'],
  ['not a language', '/en/profile'],
  ['a language as a prefix of a word', '/russia'],
  ['the root', '/'],
  ['empty', ''],
  ['too long', `/ru/${'a'.repeat(2000)}`],
  ['null', null],
  ['undefined', undefined],
  ['a number', 42],
  ['a file from a form', new File(['x'], 'x.txt')],
]

describe('safeRedirect', () => {
  it.each(refused)('refuses %s', (_name, candidate) => {
    expect(safeRedirect(candidate, fallback)).toBe(fallback)
  })

  it.each([
    ['/ru', '/ru'],
    ['/uz/', '/uz/'],
    ['/sr/profile', '/sr/profile'],
    ['/ru/products?search=dior#top', '/ru/products?search=dior#top'],
    ['/ru?from=auth-test', '/ru?from=auth-test'],
    // Normalised: the returned path is the one that was checked.
    ['/ru/./profile', '/ru/profile'],
    ['/ru/catalog/../profile', '/ru/profile'],
    ['/./ru/profile', '/ru/profile'],
    // Still a path on this shop: the encoded slashes stay encoded.
    ['/ru/%2F%2Fevil.example', '/ru/%2F%2Fevil.example'],
    // A hash or query may hold anything: it never changes the host.
    ['/ru#//evil.example', '/ru#//evil.example'],
    ['/ru?next=//evil.example', '/ru?next=//evil.example'],
  ])('keeps %s as %s', (candidate, expected) => {
    expect(safeRedirect(candidate, fallback)).toBe(expected)
  })

  it('returns only paths that stay on the shop wherever they are resolved, and returns them unchanged again', () => {
    const candidates = [...refused.map(([, c]) => c), '/ru/./profile', '/ru/%2F%2Fevil.example', '/uz/a/../b?c#d']
    for (const candidate of candidates) {
      const result = safeRedirect(candidate, fallback)
      expect(new URL(result, 'https://shop.example/uz/page').origin).toBe('https://shop.example')
      expect(result).toMatch(/^\/(uz|sr|ru)(\/|$|\?|#)/)
      expect(safeRedirect(result, '/fallback')).toBe(result)
    }
  })
})
