// Uzbek Latin to Cyrillic, the reverse of uzbek-latin.ts' toLatin. It is
// ambiguous (REFERENCE-UZ.md: ye/е, ts/ц, Russian loanwords), so its result is
// only ever offered to staff as a suggestion to check, never saved by itself.

const APOSTROPHE = "[ʻʼ'`‘’]"

// Longest first: two-letter spellings before single letters.
const PAIRS: [RegExp, string][] = [
  [new RegExp(`^o${APOSTROPHE}`, 'i'), 'ў'],
  [new RegExp(`^g${APOSTROPHE}`, 'i'), 'ғ'],
  [/^sh/i, 'ш'],
  [/^ch/i, 'ч'],
  // yoʻq is й + ў, not ё.
  [new RegExp(`^yo(?!${APOSTROPHE})`, 'i'), 'ё'],
  [/^yu/i, 'ю'],
  [/^ya/i, 'я'],
  [/^ye/i, 'е'],
]

const SINGLE: Record<string, string> = {
  a: 'а',
  b: 'б',
  d: 'д',
  e: 'е',
  f: 'ф',
  g: 'г',
  h: 'ҳ',
  i: 'и',
  j: 'ж',
  k: 'к',
  l: 'л',
  m: 'м',
  n: 'н',
  o: 'о',
  p: 'п',
  q: 'қ',
  r: 'р',
  s: 'с',
  t: 'т',
  u: 'у',
  v: 'в',
  x: 'х',
  y: 'й',
  z: 'з',
}

const isLetter = (ch: string | undefined) => ch !== undefined && /\p{L}/u.test(ch)
const isApostrophe = (ch: string) => new RegExp(`^${APOSTROPHE}$`).test(ch)

/** The Uzbek Cyrillic spelling of an Uzbek Latin text, keeping its capitals; a suggestion, not a rule. */
export function toCyrillic(latin: string): string {
  const text = latin.normalize('NFC')
  let out = ''
  let i = 0
  while (i < text.length) {
    const rest = text.slice(i)
    const prev = text[i - 1]
    const pair = PAIRS.find(([pattern]) => pattern.test(rest))
    let taken: string
    let cyrillic: string
    if (pair) {
      taken = rest.slice(0, rest.match(pair[0])![0].length)
      cyrillic = pair[1]
    } else {
      taken = text[i]!
      const lower = taken.toLowerCase()
      if (isApostrophe(taken) && isLetter(prev) && isLetter(text[i + 1])) cyrillic = 'ъ'
      // e starting a word is э (эркак); inside one е (ye was taken above).
      else if (lower === 'e') cyrillic = isLetter(prev) ? 'е' : 'э'
      else cyrillic = SINGLE[lower] ?? taken
    }
    const upper = taken[0] !== taken[0]!.toLowerCase()
    out += upper ? cyrillic.toUpperCase() : cyrillic
    i += taken.length
  }
  return out
}
