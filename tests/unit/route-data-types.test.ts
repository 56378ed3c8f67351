// Loader and action data are typed by the route's own Route.ComponentProps, useLoaderData<typeof loader>() or,
// for a parent's, useRouteLoaderData<typeof loader>(id): an action answers data(…) per form, each with its intent,
// and the page narrows on it. A cast would hide a changed answer from the typecheck, so none is allowed; nor is
// a double cast anywhere in app/ (`as unknown as T` says nothing the compiler checked), nor a route parameter
// cast to what it should be (`params.lang as Lang`: langOf(params), pageId(params.id) check it).
import ts from 'typescript'
import { describe, expect, test } from 'vitest'
import { nodesOf, parse, sourcesUnder, where } from './support/code.ts'

/** Properties and calls that hold a route's data. */
const dataProperties = new Set(['actionData', 'loaderData'])
const dataHooks = new Set(['useActionData', 'useLoaderData', 'useRouteLoaderData'])

const unwrapped = (node: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node) ? unwrapped(node.expression) : node

const isDataHook = (node: ts.Node): node is ts.CallExpression =>
  ts.isCallExpression(node) && ts.isIdentifier(node.expression) && dataHooks.has(node.expression.text)

/** `actionData`, `props.loaderData`, `m?.loaderData`, `fetcher.data`, `useActionData()`… */
function holdsRouteData(node: ts.Expression): boolean {
  const inner = unwrapped(node)
  if (ts.isIdentifier(inner)) return dataProperties.has(inner.text)
  if (ts.isPropertyAccessExpression(inner))
    return (
      dataProperties.has(inner.name.text) ||
      (inner.name.text === 'data' && /fetcher$/i.test(unwrapped(inner.expression).getText()))
    )
  return isDataHook(inner)
}

/** A route parameter: `params.lang`, `params.id`, `args.params.slug`. */
function isRouteParam(node: ts.Expression): boolean {
  const inner = unwrapped(node)
  if (!ts.isPropertyAccessExpression(inner)) return false
  const owner = unwrapped(inner.expression)
  return (
    (ts.isIdentifier(owner) && owner.text === 'params') ||
    (ts.isPropertyAccessExpression(owner) && owner.name.text === 'params')
  )
}

const isAsConst = (node: ts.AsExpression) =>
  ts.isTypeReferenceNode(node.type) && node.type.typeName.getText() === 'const'

/** The casts and untyped reads of route data in one module. */
function routeDataCasts(source: ts.SourceFile): string[] {
  const found: string[] = []
  for (const node of nodesOf(source)) {
    if (ts.isAsExpression(node) && !isAsConst(node)) {
      const inner = unwrapped(node.expression)
      const double = ts.isAsExpression(inner) || ts.isTypeAssertionExpression(inner)
      if (double || holdsRouteData(node.expression) || isRouteParam(node.expression)) found.push(where(source, node))
    }
    if (ts.isTypeAssertionExpression(node) && holdsRouteData(node.expression)) found.push(where(source, node))
    // A parent's data without its loader's type is `unknown` waiting for a cast.
    if (isDataHook(node) && node.expression.getText() === 'useRouteLoaderData' && !node.typeArguments?.length)
      found.push(where(source, node))
  }
  return found
}

// Read once, outside the tests' time: a loaded machine takes seconds to parse them.
const found = sourcesUnder('app').flatMap(routeDataCasts)

describe('route data reaches pages typed, never cast', () => {
  test('no module under app/ casts route data or parameters, or casts twice', () => {
    expect(found).toEqual([])
  })

  test('the rule sees each kind of cast', () => {
    const planted = (code: string) => routeDataCasts(parse('app/routes/planted.tsx', code))
    expect(planted('const answer = actionData as FormAnswer | undefined')).toHaveLength(1)
    expect(planted("const shell = matches.find((m) => m?.id === 'shop')?.loaderData as Shell")).toHaveLength(1)
    expect(planted('const { staff } = props.loaderData as { staff: StaffMe }')).toHaveLength(1)
    expect(planted('const data = useActionData() as Answer')).toHaveLength(1)
    expect(planted('const sent = (fetcher.data as Sent | undefined)?.ok')).toHaveLength(1)
    expect(planted("const root = useRouteLoaderData('root') as { saveData?: boolean } | undefined")).toHaveLength(2)
    expect(planted("const root = useRouteLoaderData('root')")).toHaveLength(1)
    expect(planted('const api = client.withAuth(token) as unknown as StaffApiClient')).toHaveLength(1)
    expect(planted('const lang = params.lang as Lang')).toHaveLength(1)
    expect(planted('const lang = args.params.lang as Lang')).toHaveLength(1)
  })

  test('and lets typed reads be', () => {
    const planted = (code: string) => routeDataCasts(parse('app/routes/planted.tsx', code))
    expect(planted('const answer: FormAnswer | undefined = actionData')).toEqual([])
    expect(planted("const root = useRouteLoaderData<typeof rootLoader>('root')")).toEqual([])
    expect(planted("const kinds = ['a', 'b'] as const")).toEqual([])
    expect(planted('const lang = langOf(params)')).toEqual([])
  })
})
