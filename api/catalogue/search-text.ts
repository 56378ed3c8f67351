// Text folding for product search. The database may run with LC_CTYPE=C, where
// pg_trgm ignores Cyrillic, so every search key and query is folded here into
// plain Latin (see REFERENCE-UZ.md, "Writing and search").

import { latinLetters } from './uzbek-latin.ts'

export type Range = [start: number, end: number]

// Uzbek oʻ/gʻ and the tutuq belgisi are typed with whatever apostrophe the
// keyboard offers; dropping them all makes o'/oʻ/o`/o’ agree.
const APOSTROPHES = "'`´ʻʼʹ‘’‛′"
const APOSTROPHE_RE = new RegExp(`[${APOSTROPHES}]`, 'gu')
// A word starts with a letter or digit so a quoting apostrophe is not highlighted.
const WORD_RE = new RegExp(`[\\p{L}\\p{N}][\\p{L}\\p{M}\\p{N}${APOSTROPHES}]*`, 'gu')
const ELISION_RE = new RegExp(`^(?:qu|[cdjlmnst])[${APOSTROPHES}](?=\\p{L})`, 'iu')

const stripMarks = (s: string) => s.normalize('NFD').replace(/\p{M}+/gu, '')

// "100ml" and "100 мл" must give the same tokens, so numbers always stand apart.
const separateNumbers = (s: string) => s.replace(/(\p{N})(?=\p{L})/gu, '$1 ').replace(/(\p{L})(?=\p{N})/gu, '$1 ')

const punctuationToSpace = (s: string) => s.replace(/[^\p{L}\p{N}]+/gu, ' ')

// Search folds the same few thousand title words again for every result it
// marks (highlight.ts: a few milliseconds a page), so short texts remember what
// they folded to; the memo starts afresh when full, so its memory stays bounded.
const MEMO_MAX = 50_000
const MEMO_TEXT_MAX = 64
function remembered(fn: (s: string) => string): (s: string) => string {
  const memo = new Map<string, string>()
  return (s) => {
    if (s.length > MEMO_TEXT_MAX) return fn(s)
    let result = memo.get(s)
    if (result === undefined) {
      if (memo.size >= MEMO_MAX) memo.clear()
      result = fn(s)
      memo.set(s, result)
    }
    return result
  }
}

export const foldText = remembered((s: string): string => {
  // NFC first so that й, ё, ў arrive as single letters rather than base + mark.
  // Typed apostrophes go before transliterating, so they never decide how an е
  // or ц after them reads; the ones it writes (oʻ, gʻ, ʼ: letters to \p{L}) after.
  const lower = s.normalize('NFC').toLowerCase().replace(APOSTROPHE_RE, '')
  const latin = latinLetters(lower).replace(APOSTROPHE_RE, '')
  return separateNumbers(punctuationToSpace(stripMarks(latin))).trim()
})

export function searchTokens(s: string): string[] {
  return foldText(s)
    .split(' ')
    .filter((token) => token !== '')
}

function elisionOffset(word: string): number {
  return ELISION_RE.exec(word)?.[0].length ?? 0
}

// French elision glues the article to the word ("L'Interdit" folds to
// "linterdit"); the key also gets the bare word so "interdit" finds it.
function elisionTokens(part: string): string[] {
  const words = part.match(WORD_RE) ?? []
  return words.flatMap((word) => {
    const offset = elisionOffset(word)
    return offset > 0 ? searchTokens(word.slice(offset)) : []
  })
}

// Cyrillic spellings of Latin names are phonetic (коко -> "koko" for Coco), so
// letter-exact folding is not enough; this coarser form of a folded token
// merges spellings that sound alike.
export const soundKey = remembered((folded: string): string =>
  folded
    .replace(/ck/g, 'k')
    .replace(/ph/g, 'f')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/c(?!h)/g, 'k')
    .replace(/q/g, 'k')
    .replace(/w/g, 'v')
    .replace(/y(?![aeiou])/g, 'i')
    .replace(/(\p{L})\1+/gu, '$1'),
)

function tokenMatches(word: string, token: string): boolean {
  return word.startsWith(token) || soundKey(word).startsWith(soundKey(token))
}

// The key holds each token and, where different, its sound form, so a plain
// folded query ("koko", "gabana") finds the product by trigram or prefix.
export function buildSearchKey(parts: ReadonlyArray<string | null | undefined>): string {
  const tokens = new Set<string>()
  for (const part of parts) {
    if (!part) continue
    for (const token of [...searchTokens(part), ...elisionTokens(part)]) {
      tokens.add(token)
      tokens.add(soundKey(token))
    }
  }
  return [...tokens].join(' ')
}

// True when every query token is a prefix of some key token (directly or by
// sound) — the rule highlightRanges uses, for filtering outside the database.
export function matchesSearchKey(key: string, query: string): boolean {
  const keyTokens = searchTokens(key)
  const queryTokens = searchTokens(query)
  return queryTokens.length > 0 && queryTokens.every((q) => keyTokens.some((k) => tokenMatches(k, q)))
}

type Piece = { start: number; text: string }

// Words of the original title with their offsets, split where digits meet
// letters just as foldText splits them.
function titlePieces(title: string): Piece[] {
  const pieces: Piece[] = []
  for (const word of title.matchAll(WORD_RE)) {
    for (const part of word[0].matchAll(/\p{N}+|\P{N}+/gu)) {
      const start = word.index + part.index
      pieces.push({ start, text: part[0] })
      const offset = elisionOffset(part[0])
      if (offset > 0) pieces.push({ start: start + offset, text: part[0].slice(offset) })
    }
  }
  return pieces
}

// Letters that fold to nothing (ь, ъ, ʻ) belong to the letter before them.
const isSilentLetter = (cluster: string) => /^\p{L}/u.test(cluster) && foldText(cluster) === ''

// Length in the original text of the shortest prefix whose folded form covers
// the token; walks whole characters so a base letter keeps its accents.
function matchedLength(text: string, token: string): number {
  const clusters = [...text.matchAll(/\P{M}\p{M}*/gu)]
  let i = clusters.findIndex((c) => tokenMatches(foldText(text.slice(0, c.index + c[0].length)), token))
  if (i === -1) return text.length
  while (isSilentLetter(clusters[i + 1]?.[0] ?? '')) i++
  const last = clusters[i]
  return last ? last.index + last[0].length : text.length
}

/** Ranges sorted, overlapping ones joined. */
export function mergeRanges(ranges: Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1])
  const merged: Range[] = []
  for (const [start, end] of sorted) {
    const last = merged.at(-1)
    if (last && start <= last[1]) last[1] = Math.max(last[1], end)
    else merged.push([start, end])
  }
  return merged
}

export function highlightRanges(title: string, query: string): Range[] {
  const tokens = searchTokens(query)
  if (tokens.length === 0) return []
  const ranges: Range[] = []
  for (const piece of titlePieces(title)) {
    const folded = foldText(piece.text)
    for (const token of tokens) {
      if (tokenMatches(folded, token)) ranges.push([piece.start, piece.start + matchedLength(piece.text, token)])
    }
  }
  return mergeRanges(ranges)
}
