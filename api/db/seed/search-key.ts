import { buildSearchKey } from '../../catalogue/search-text.ts'

const searchKeyCache = new Map<string, string[]>()

// Brand and line names with all their aliases repeat for every product of a line: fold them once.
function cachedTokens(part: string): string[] {
  let tokens = searchKeyCache.get(part)
  if (!tokens) {
    tokens = buildSearchKey([part]).split(' ').filter(Boolean)
    searchKeyCache.set(part, tokens)
  }
  return tokens
}

// Equal to buildSearchKey([...titles, ...shared]): that function folds each part
// on its own and keeps the first occurrence of every token. Brand and line parts
// repeat across a line's products, so only they are cached.
export function searchKey(titles: string[], shared: string[]): string {
  const tokens = new Set(buildSearchKey(titles).split(' ').filter(Boolean))
  for (const part of shared) for (const token of cachedTokens(part)) tokens.add(token)
  return [...tokens].join(' ')
}
