// Uzbek Cyrillic to Latin, in one place for both uses: the Uzbek Latin texts
// (sr) are converted from the Cyrillic ones (uz) with toLatin, and search folds
// every text through latinLetters, so the two spell each letter alike.
// Rules: REFERENCE-UZ.md, "Writing and search".

const UZBEK_LETTERS: Record<string, string> = {
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

const LETTERS: Record<string, string> = {
  ...UZBEK_LETTERS,
  // Karakalpak and Kazakh letters turn up in Karakalpakstan addresses and names.
  і: 'i',
  ә: 'a',
  ө: 'o',
  ү: 'u',
  ұ: 'u',
  ң: 'ng',
  һ: 'h',
  є: 'ye',
  ї: 'yi',
  ґ: 'g',
  // Latin letters that NFD does not decompose into base letter + mark (search only:
  // toLatin leaves everything but Cyrillic alone).
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ı: 'i',
  þ: 'th',
  '№': 'n',
}

const VOWELS = new Set('аеёиоуыэюяўіәөүұєїaeiou')

const isLetter = (ch: string | undefined) => ch !== undefined && /\p{L}/u.test(ch)
const isVowel = (ch: string | undefined) => ch !== undefined && VOWELS.has(ch)

// е is "ye" where it starts a syllable of its own (word start, after a vowel or
// after a hard/soft sign: объект, ателье), otherwise "e". ц is "ts" after a
// vowel and "s" after a consonant or at word start. `prev` is lower case.
function letter(lower: string, prev: string | undefined): string {
  if (lower === 'е') return !isLetter(prev) || isVowel(prev) || prev === 'ь' || prev === 'ъ' ? 'ye' : 'e'
  if (lower === 'ц') return isVowel(prev) ? 'ts' : 's'
  return LETTERS[lower] ?? lower
}

/** A lower-case text with every Cyrillic (and the few odd Latin) letters spelt in Latin, for search folding. */
export function latinLetters(lower: string): string {
  const chars = Array.from(lower)
  return chars.map((ch, i) => letter(ch, chars[i - 1])).join('')
}

const isCyrillic = (ch: string) => /[\u0400-\u04ff]/u.test(ch)
const isUpper = (ch: string | undefined) => ch !== undefined && ch !== ch.toLowerCase()
const isLower = (ch: string | undefined) => ch !== undefined && ch !== ch.toUpperCase()

// "Ш" is "Sh" in a capitalised word but "SH" in an all-caps one (АҚШ → AQSH).
function withCase(latin: string, ch: string, prev: string | undefined, next: string | undefined): string {
  if (!isUpper(ch) || latin === '') return latin
  const allCaps = isUpper(next) || (!isLower(next) && isUpper(prev))
  return allCaps ? latin.toUpperCase() : latin.charAt(0).toUpperCase() + latin.slice(1)
}

/** The Uzbek Latin spelling of an Uzbek Cyrillic text (oʻ, gʻ, ʼ), keeping its capitals. */
export function toLatin(cyrillic: string): string {
  const chars = Array.from(cyrillic)
  return chars
    .map((ch, i) => {
      if (!isCyrillic(ch)) return ch
      const prev = chars[i - 1]
      return withCase(letter(ch.toLowerCase(), prev?.toLowerCase()), ch, prev, chars[i + 1])
    })
    .join('')
}
