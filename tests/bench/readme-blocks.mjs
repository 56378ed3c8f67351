// scripts/bench.mjs writes each measurement as a marked block inside
// docs/measured.md, so a run of one part (--only …) or one catalogue size
// replaces only its own figures and keeps the rest and the prose around them.

const start = (key) => `<!-- bench:${key} -->`
const end = '<!-- /bench -->'

/** `readme` with the block `key` set to `body`: replaced in place, else added at the end of the document. */
export function setBlock(readme, key, body) {
  const block = `${start(key)}\n${body.trim()}\n${end}`
  const from = readme.indexOf(start(key))
  if (from >= 0) {
    const to = readme.indexOf(end, from)
    if (to < 0) throw new Error(`docs/measured.md: block ${key} has no ${end}`)
    return readme.slice(0, from) + block + readme.slice(to + end.length)
  }
  return `${readme.trimEnd()}\n\n${block}\n`
}
