// The storefront's code as the TypeScript compiler reads it, for the tests that hold it to the house rules:
// they look at the syntax (a call, a cast), not at text that merely looks like it.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'

const root = join(import.meta.dirname, '../../..')

/** Every .ts and .tsx module under `dir` (relative to the repository), parsed. */
export function sourcesUnder(dir: string): ts.SourceFile[] {
  return (readdirSync(join(root, dir), { recursive: true }) as string[])
    .map((file) => `${dir}/${file.replaceAll('\\', '/')}`)
    .filter((file) => /\.tsx?$/.test(file))
    .sort()
    .map((file) => parse(file, readFileSync(join(root, file), 'utf8')))
}

/** One module's text, parsed as if it stood at `file` (a test's planted example). */
export function parse(file: string, text: string): ts.SourceFile {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind)
}

/** Each node of the module, depth first. */
export function nodesOf(source: ts.SourceFile): ts.Node[] {
  const nodes: ts.Node[] = []
  const visit = (node: ts.Node) => {
    nodes.push(node)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return nodes
}

/** `app/x.ts:12: form.get('intent')`: where a node stands, and its code. */
export function where(source: ts.SourceFile, node: ts.Node): string {
  const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
  return `${source.fileName}:${line}: ${node.getText(source).replace(/\s+/g, ' ')}`
}

/** The name of the function a node is in (its declaration's, or the variable's it is assigned to), innermost first. */
export function enclosingNames(node: ts.Node): string[] {
  const names: string[] = []
  for (let at = node.parent; at; at = at.parent) {
    if (ts.isFunctionDeclaration(at) && at.name) names.push(at.name.text)
    if ((ts.isArrowFunction(at) || ts.isFunctionExpression(at)) && ts.isVariableDeclaration(at.parent))
      names.push(at.parent.name.getText())
    if (ts.isVariableDeclaration(at) && ts.isIdentifier(at.name)) names.push(at.name.text)
  }
  return names
}
