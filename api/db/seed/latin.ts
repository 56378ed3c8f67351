// Uzbek texts are written once in Cyrillic (uz) and converted here to the Latin
// script (sr), so the two always say exactly the same thing.
// Rules: REFERENCE-UZ.md, "Writing and search".

const LETTERS: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  ё: 'yo',
  ж: 'j',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'x',
  ч: 'ch',
  ш: 'sh',
  щ: 'sh',
  ъ: 'ʼ',
  ы: 'i',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  ў: 'oʻ',
  ғ: 'gʻ',
  қ: 'q',
  ҳ: 'h',
}

const VOWELS = new Set('аеёиоуыэюяў')
const isCyrillic = (ch: string | undefined) => ch !== undefined && /[\u0400-\u04ff]/u.test(ch)
const isUpper = (ch: string | undefined) => ch !== undefined && ch !== ch.toLowerCase()
const isLower = (ch: string | undefined) => ch !== undefined && ch !== ch.toUpperCase()

function letter(lower: string, prev: string | undefined): string {
  const before = prev?.toLowerCase()
  if (lower === 'е') return !isCyrillic(prev) || VOWELS.has(before!) || before === 'ъ' || before === 'ь' ? 'ye' : 'e'
  if (lower === 'ц') return VOWELS.has(before!) ? 'ts' : 's'
  return LETTERS[lower] ?? lower
}

// "Ш" is "Sh" in a capitalised word but "SH" in an all-caps one (АҚШ → AQSH).
function withCase(latin: string, ch: string, prev: string | undefined, next: string | undefined): string {
  if (!isUpper(ch) || latin === '') return latin
  const allCaps = isUpper(next) || (!isLower(next) && isUpper(prev))
  return allCaps ? latin.toUpperCase() : latin[0].toUpperCase() + latin.slice(1)
}

export function toLatin(cyrillic: string): string {
  const chars = Array.from(cyrillic)
  return chars
    .map((ch, i) => {
      if (!isCyrillic(ch)) return ch
      return withCase(letter(ch.toLowerCase(), chars[i - 1]), ch, chars[i - 1], chars[i + 1])
    })
    .join('')
}
