// scripts/bench.mjs writes each measurement as a marked block inside README's
// "## Measured" section, so a run of one part (--only …) or one catalogue size
// replaces only its own figures and keeps the rest and the prose around them.

const start = (key) => `<!-- bench:${key} -->`
const end = '<!-- /bench -->'

/** `readme` with the block `key` set to `body`: replaced in place, else added at the end of "## Measured". */
export function setBlock(readme, key, body) {
  const block = `${start(key)}\n${body.trim()}\n${end}`
  const from = readme.indexOf(start(key))
  if (from >= 0) {
    const to = readme.indexOf(end, from)
    if (to < 0) throw new Error(`README.md: block ${key} has no ${end}`)
    return readme.slice(0, from) + block + readme.slice(to + end.length)
  }
  let at = readme.search(/^## Measured\s*$/m)
  if (at < 0) return `${readme.trimEnd()}\n\n## Measured\n\n${block}\n`
  const next = readme.slice(at + 1).search(/^## /m)
  at = next < 0 ? readme.length : at + 1 + next
  const before = readme.slice(0, at).trimEnd()
  const after = readme.slice(at)
  return `${before}\n\n${block}\n${after ? `\n${after}` : ''}`
}
