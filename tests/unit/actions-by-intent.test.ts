// Every action with several forms picks the posted form's function through `byIntent` (app/utils/forms.server.ts),
// each parsing its own fields with its own schema, and answers data(…) or a redirect: no module under app/routes
// reads the `intent` field itself. The one read allowed is a `shouldRevalidate`'s look at a pending submission
// (in the browser, deciding whether to reload a layout's data), which acts on nothing.

import ts from 'typescript'
import { describe, expect, test } from 'vitest'
import { enclosingNames, nodesOf, parse, sourcesUnder, where } from './support/code.ts'

/** The text a node stands for when it is a literal, or a constant (of `constants`) holding one. */
function literalOf(node: ts.Node, constants: Map<string, string>): string | null {
  if (ts.isStringLiteralLike(node)) return node.text
  return ts.isIdentifier(node) ? (constants.get(node.text) ?? null) : null
}

const isFromEntries = (node: ts.Node): boolean =>
  ts.isCallExpression(node) &&
  ts.isPropertyAccessExpression(node.expression) &&
  node.expression.name.text === 'fromEntries' &&
  ts.isIdentifier(node.expression.expression) &&
  node.expression.expression.text === 'Object'

/** The places where `source` reads the posted `intent` by hand. */
function handReadIntents(source: ts.SourceFile): string[] {
  const nodes = nodesOf(source)
  const constants = new Map<string, string>()
  for (const node of nodes)
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer)
      if (ts.isStringLiteralLike(node.initializer)) constants.set(node.name.text, node.initializer.text)
  const found: string[] = []
  for (const node of nodes) {
    // form.get('intent'), formData.getAll(INTENT), form.has("intent")
    const read =
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['get', 'getAll', 'has'].includes(node.expression.name.text) &&
      node.arguments.length === 1 &&
      literalOf(node.arguments[0]!, constants) === 'intent'
    // Object.fromEntries(form).intent, Object.fromEntries(form)['intent']
    const picked =
      (ts.isPropertyAccessExpression(node) && node.name.text === 'intent' && isFromEntries(node.expression)) ||
      (ts.isElementAccessExpression(node) &&
        literalOf(node.argumentExpression, constants) === 'intent' &&
        isFromEntries(node.expression))
    // const { intent } = Object.fromEntries(form)
    const destructured =
      ts.isVariableDeclaration(node) &&
      ts.isObjectBindingPattern(node.name) &&
      node.initializer !== undefined &&
      isFromEntries(node.initializer) &&
      node.name.elements.some((e) => (e.propertyName ?? e.name).getText() === 'intent')
    if ((read || picked || destructured) && !enclosingNames(node).includes('shouldRevalidate'))
      found.push(where(source, node))
  }
  return found
}

// Read and looked at once, outside the test's time: a loaded machine takes seconds to parse them.
const found = sourcesUnder('app/routes').flatMap(handReadIntents)

describe('actions pick their form through byIntent', () => {
  test('no module under app/routes reads the posted intent itself', () => {
    expect(found).toEqual([])
  })

  test('the rule sees a hand-read intent however it is written', () => {
    const planted = (code: string) => handReadIntents(parse('app/routes/planted.server.ts', code))
    expect(planted("const intent = form.get('intent')")).toHaveLength(1)
    expect(planted('if (formData.get("intent") === Intent.save) save()')).toHaveLength(1)
    expect(planted("const INTENT = 'intent'\nconst pressed = form.getAll(INTENT)")).toHaveLength(1)
    expect(planted('switch (String(form.get(`intent`))) {}')).toHaveLength(1)
    expect(planted('const { intent } = Object.fromEntries(form)')).toHaveLength(1)
    expect(planted("const wanted = Object.fromEntries(form)['intent']")).toHaveLength(1)
    expect(
      planted('export async function action() { return Object.fromEntries(await r.formData()).intent }'),
    ).toHaveLength(1)
  })

  test('and lets the rest be', () => {
    const planted = (code: string) => handReadIntents(parse('app/routes/planted.tsx', code))
    expect(planted('return byIntent(form, { save: (f) => save(f) })')).toEqual([])
    expect(planted("const title = form.get('title')")).toEqual([])
    expect(planted("const shown = actionData?.intent === 'save' ? actionData.result : undefined")).toEqual([])
    expect(planted("export const shouldRevalidate = ({ formData }) => formData?.get('intent') !== 'start'")).toEqual([])
  })
})
