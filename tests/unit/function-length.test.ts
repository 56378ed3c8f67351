// No function in api/ or app/ runs over a hundred lines: a longer one is
// steps that want names of their own. Every kind counts (declarations,
// arrows, function expressions, methods, accessors, React components), each on
// its own: a long callback inside a short function is found too. The files are
// parsed with the TypeScript compiler, so a function is a function however it
// is written.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'

const MAX_LINES = 100

// No allow-list, seed data included: the demo shop's tables (api/db/seed/) are
// literals at module level, and the functions that write them are short too.

const root = join(import.meta.dirname, '../..')

/** Every function of `source` longer than `max` lines, as `name (lines)` at its first line. */
function longFunctions(file: string, source: string, max = MAX_LINES): string[] {
  // A module shorter than the limit holds no function longer than it: most are not parsed at all.
  if (source.split('\n').length <= max) return []
  const parsed = ts.createSourceFile(
    file,
    source,
    // Comments are not read: this parses every module of two folders.
    { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
    true,
    ts.ScriptKind.TSX,
  )
  const found: string[] = []
  const lineOf = (pos: number) => parsed.getLineAndCharacterOfPosition(pos).line + 1
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = lineOf(node.getStart(parsed))
      const lines = lineOf(node.getEnd()) - first + 1
      if (lines > max) found.push(`${file}:${first} ${nameOf(node)} (${lines} lines)`)
    }
    ts.forEachChild(node, visit)
  }
  visit(parsed)
  return found
}

/** The function's own name, or the name of what it is assigned to or passed as. */
function nameOf(node: ts.Node): string {
  const named = node as { name?: ts.Node }
  if (named.name && ts.isIdentifier(named.name)) return named.name.text
  const parent = node.parent
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text
  if (parent && ts.isCallExpression(parent)) return `a callback of ${parent.expression.getText().slice(0, 40)}`
  return 'an anonymous function'
}

const sources = ['api', 'app']
  .flatMap((dir) => (readdirSync(join(root, dir), { recursive: true }) as string[]).map((f) => `${dir}/${f}`))
  .map((f) => f.replaceAll('\\', '/'))
  .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
  .sort()

describe('functions in api/ and app/', () => {
  test('are found', () => {
    expect(sources).toContain('api/orders/service.ts')
    expect(sources).toContain('app/root.tsx')
  })

  test(`run ${MAX_LINES} lines at the most`, () => {
    const long = sources.flatMap((file) => longFunctions(file, readFileSync(join(root, file), 'utf8')))
    expect(long).toEqual([])
  })

  test('the rule sees every kind of function, each on its own', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  step(${i})`).join('\n')
    const source = [
      `export function declared() {\n${body(98)}\n}`,
      `const arrow = () => {\n${body(100)}\n}`,
      `class Desk {\n  method() {\n${body(100)}\n  }\n}`,
      `export default function Page() {\n  return (\n    <ul>\n${body(96)}\n    </ul>\n  )\n}`,
      `function short() {\n  return run(() => {\n${body(100)}\n  })\n}`,
    ].join('\n')
    expect(longFunctions('planted.tsx', source).map((found) => found.replace(/^planted\.tsx:\d+ /, ''))).toEqual([
      'arrow (102 lines)',
      'method (102 lines)',
      'Page (102 lines)',
      'short (104 lines)',
      'a callback of run (102 lines)',
    ])
  })
})
