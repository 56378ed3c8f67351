import { searchTokens, soundKey } from './search-text.ts'

// Words shoppers type for what they want rather than a name: who it is for
// («женские», «аёллар учун», «erkaklar») and what kind of product it is
// («духи», «атир», «гель для душа», «дезодорант»), in Russian and Uzbek in
// either script. Search turns them into the list's own filters (audience,
// sections) and searches the rest of the query as text; titles never say
// «женские», so as text these words found nothing.
//
// Words are compared folded (search-text.ts), so a Cyrillic form also covers
// its Latin spelling, and by sound key, so "ayolar" and "kizlar" count too.
// A stem covers a word's inflections («женск» → женская, женских…); stems are
// long enough not to start a brand or line name.

export type Audience = 'women' | 'men' | 'unisex'

type Meaning = { audience?: Audience; sections?: string[]; keepText?: boolean }
type Term = Meaning & { words?: string[]; stems?: string[] }

const perfume = ['perfume']

const terms: Term[] = [
  {
    audience: 'women',
    stems: ['женск', 'женщин', 'zhensk', 'zhenshin', 'zhenshchin', 'дамск', 'девушк', 'аёл', 'хоним'],
    words: ['девушек', 'девушкам', 'қиз', 'қизлар', 'қизларга', 'хотин-қизлар'],
  },
  {
    audience: 'men',
    stems: ['мужск', 'мужчин', 'muzhsk', 'muzhchin', 'эркак', 'йигит'],
    words: ['парни', 'парней', 'парням', 'парня'],
  },
  { audience: 'unisex', words: ['унисекс', 'unisex'] },
  // A perfume of any strength. The strengths' own names are words of the titles and stay text.
  {
    sections: perfume,
    words: ['духи', 'духов', 'духам', 'духами', 'духах', 'аромат', 'ароматы', 'ароматов', 'аромата', 'ифор', 'ифорлар'],
    stems: ['атир'],
  },
  {
    sections: perfume,
    words: ['парфюм', 'парфюмы', 'парфюма', 'парфюмом', 'парфюмов', 'парфюмерия', 'парфюмерию', 'парфюмерии'],
  },
  { sections: perfume, stems: ['парфюмерияс'] },
  {
    sections: perfume,
    keepText: true,
    stems: ['туалетн', 'парфюмерн'],
    words: ['туалет суви', 'парфюм суви', 'атир экстракти', 'экстракт духов'],
  },
  { sections: ['niche-perfume'], stems: ['нишев', 'селектив'], words: ['ниша', 'нишавий'] },
  {
    sections: ['gift-sets'],
    stems: ['подар', 'совға', 'тўплам'],
    words: ['набор', 'наборы', 'набора', 'наборов'],
  },
  // Not «гель» itself: it folds to "gel", as «гуд гел» (Good Girl) does; as text it finds the gels anyway.
  { sections: ['shower-gels'], words: ['душ', 'душа', 'гели', 'геля', 'гелем', 'гелей', 'гельлар', 'гельлари'] },
  { sections: ['deodorants'], stems: ['дезодорант', 'deodorant', 'антиперспирант', 'antiperspirant'] },
  { sections: ['sun-care'], stems: ['солнцезащит', 'загар', 'қуёш'], words: ['солнца', 'солнце', 'spf'] },
  { sections: ['shaving'], words: ['бритья', 'бритьё', 'бритвы'], stems: ['соқол'] },
  // The sections named «для тела»: lotions and creams, sprays.
  { sections: ['body-lotions', 'body-mists'], words: ['тело', 'тела', 'телу', 'телом', 'тана', 'танага', 'танани'] },
  { sections: ['bath'], words: ['ванна', 'ванны', 'ванной', 'ванну', 'ваннага'] },
  { sections: ['bath-foams'], words: ['пена', 'пены', 'пену', 'пенка', 'пенки', 'кўпик', 'кўпиклар'] },
  // «Бомбочка» is a word of the titles: as text it finds the bombs, not the salts beside them.
  { sections: ['bath-salts'], words: ['туз'] },
  { sections: ['soap'], words: ['мыло', 'мыла', 'мылом', 'совун', 'совунлар'] },
]

/** Words that only join the others («духи для женщин», «аёллар учун атир»); dropped once a filter word is found. */
const stopWords = new Set(
  ['для', 'за', 'от', 'после', 'и', 'с', 'в', 'на', 'учун', 'ва', 'билан', 'купить']
    .flatMap(searchTokens)
    .map(soundKey),
)

type Folded = { words: string[]; meaning: Meaning }

const fold = (text: string) => searchTokens(text).map(soundKey)

// By first word, longest phrases first, so «туалет суви» is one term rather than «туалет» and «суви».
const phrases = new Map<string, Folded[]>()
for (const { words = [], stems: _, ...meaning } of terms) {
  for (const word of words) {
    const folded = fold(word)
    phrases.set(folded[0]!, [...(phrases.get(folded[0]!) ?? []), { words: folded, meaning }])
  }
}
for (const list of phrases.values()) list.sort((a, b) => b.words.length - a.words.length)
const stems = terms.flatMap(({ stems: list = [], words: _, ...meaning }) =>
  list.map((s) => ({ stem: fold(s).join(' '), meaning })),
)

export type SearchIntent = {
  /** Query words left for the text search, folded. */
  text: string[]
  /** Audiences named: a product for any of them matches. */
  audiences: Audience[]
  /** Section slugs per product-type word: a product must be in one of each list. */
  sections: string[][]
}

function termAt(sounds: string[], at: number): { length: number; meaning: Meaning } | null {
  const phrase = phrases.get(sounds[at]!)?.find((p) => p.words.every((w, i) => w === sounds[at + i]))
  if (phrase) return { length: phrase.words.length, meaning: phrase.meaning }
  const stem = stems.find((s) => sounds[at]!.startsWith(s.stem))
  return stem ? { length: 1, meaning: stem.meaning } : null
}

/** Splits folded query words into filter words and the text left to search. */
export function readSearchIntent(tokens: string[]): SearchIntent {
  const sounds = tokens.map(soundKey)
  const text: string[] = []
  const audiences = new Set<Audience>()
  const sections: string[][] = []
  let found = false
  for (let at = 0; at < tokens.length; ) {
    const term = termAt(sounds, at)
    if (!term) {
      text.push(tokens[at]!)
      at++
      continue
    }
    found = true
    const { audience, sections: slugs, keepText } = term.meaning
    if (audience) audiences.add(audience)
    if (slugs) sections.push(slugs)
    if (keepText) text.push(...tokens.slice(at, at + term.length))
    at += term.length
  }
  if (!found) return { text: tokens, audiences: [], sections: [] }
  return { text: text.filter((t) => !stopWords.has(soundKey(t))), audiences: [...audiences], sections }
}
