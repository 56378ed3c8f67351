import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { invalidateCatalogue } from '#api/catalogue/cache.ts'
import { planSearch } from '#api/catalogue/search.ts'
import { shareLineSpellings } from '#api/catalogue/search-key.ts'
import { searchTokens } from '#api/catalogue/search-text.ts'
import { updateBrand, updateProduct } from '#api/catalogue/service.ts'
import { getVocabulary, keyWordCounts } from '#api/catalogue/vocabulary.ts'
import { rowsOf } from '#api/db/recordset.ts'
import { productSearch, products } from '#api/db/schema/index.ts'
import type { ProductCard } from '#api/types.ts'
import { setupTestApi } from './support/api.ts'

// Search relevance on the seeded demo catalogue (300 products). Each row: what a
// shopper types, and what the first `n` results must all be. Every size is
// asked for as its own card (`sizes=separate`): this file tests what the words
// match and how they rank; product-lines.test.ts, a fragrance listed once.

const t = setupTestApi({ products: 300 })

/** A search answer's card: with a query, both highlights are always there. */
type Card = Required<ProductCard>
type Expect = { brand?: string; title?: RegExp; volume?: number; n?: number; lang?: string }

const search = async (q: string, lang = 'ru', size = 12) => {
  const { status, body } = await t.json(`products/?sizes=separate&size=${size}&search=${encodeURIComponent(q)}`, {
    lang,
  })
  expect(status, q).toBe(200)
  return body as { results: Card[]; total: number }
}

const table: [string, Expect][] = [
  // Latin: exact names and prefixes
  ['chanel', { brand: 'chanel', n: 12 }],
  ['dior', { brand: 'dior', n: 12 }],
  ['dio', { brand: 'dior', n: 5 }],
  ['sauvage', { title: /Sauvage/, n: 5 }],
  ['dior sauvage', { title: /^Dior Sauvage/, n: 5 }],
  ['coco mademoiselle', { title: /Coco Mademoiselle/, n: 3 }],
  ['black opium', { title: /Black Opium/, n: 3 }],
  ['baccarat rouge 540', { title: /Baccarat Rouge 540/, n: 3 }],
  ['tom ford oud wood', { title: /Tom Ford Oud Wood/, n: 2 }],
  ['light blue', { title: /Light Blue/, n: 4 }],
  ['1 million', { title: /1 Million/, n: 3 }],
  ['la vie est belle', { title: /La Vie Est Belle/, n: 3 }],
  ['acqua di gio', { title: /Acqua di Giò/, n: 5 }],
  // Cyrillic spellings of brands (aliases)
  ['шанель', { brand: 'chanel', n: 12 }],
  ['диор', { brand: 'dior', n: 12 }],
  ['ланком', { brand: 'lancome', n: 8 }],
  ['живанши', { brand: 'givenchy', n: 5 }],
  ['версаче', { brand: 'versace', n: 8 }],
  ['гуччи', { brand: 'gucci', n: 5 }],
  ['том форд', { brand: 'tom-ford', n: 8 }],
  ['ив сен лоран', { brand: 'yves-saint-laurent', n: 8 }],
  ['хьюго босс', { brand: 'hugo-boss', n: 4 }],
  ['крид', { brand: 'creed', n: 4 }],
  // Cyrillic spellings of product lines
  ['армани код', { title: /Armani Code/, n: 3 }],
  ['саваж', { title: /Sauvage/, n: 5 }],
  ['жадор', { title: /J'adore/, n: 3 }],
  ['блэк опиум', { title: /Black Opium/, n: 3 }],
  ['коко мадмуазель', { title: /Coco Mademoiselle/, n: 3 }],
  ['эрос', { title: /Eros/, n: 5 }],
  // Typos and Latin transliterations
  ['lankom', { brand: 'lancome', n: 8 }],
  ['sauvaje', { title: /Sauvage/, n: 4 }],
  ['dolce gabana', { brand: 'dolce-gabbana', n: 5 }],
  ['dolche gabbana', { brand: 'dolce-gabbana', n: 5 }],
  ['chanell', { brand: 'chanel', n: 8 }],
  ['givenchi', { brand: 'givenchy', n: 5 }],
  ['versache eros', { title: /Versace Eros/, n: 3 }],
  ['armany code', { title: /Armani Code/, n: 3 }],
  ['tom fort', { brand: 'tom-ford', n: 5 }],
  ['jadore', { title: /J'adore/, n: 3 }],
  ['invictos', { title: /Invictus/, n: 3 }],
  ['aventos', { title: /Aventus/, n: 3 }],
  ['paradox', { title: /Paradoxe/, n: 2 }],
  ['baccara', { title: /Baccarat/, n: 3 }],
  // Mixed scripts
  ['dior саваж', { title: /Dior Sauvage/, n: 4 }],
  ['шанель coco', { title: /Chanel Coco/, n: 4 }],
  ['версаче eros', { title: /Versace Eros/, n: 3 }],
  // Accents, apostrophes and punctuation
  ['lancome idole', { title: /Lancôme Idôle/, n: 2 }],
  ['tresor', { title: /Trésor/, n: 3 }],
  ['j’adore', { title: /J'adore/, n: 3 }],
  ['interdit', { title: /L'Interdit/, n: 2 }],
  ['terre d hermes', { brand: 'hermes' }],
  ['chloe', { brand: 'chloe' }],
  ['estee lauder', { brand: 'estee-lauder', n: 2 }],
  ['dolce & gabbana', { brand: 'dolce-gabbana', n: 5 }],
  // Volumes, with and without a space, in either script
  ['100 ml', { volume: 100, n: 12 }],
  ['100 мл', { volume: 100, n: 12 }],
  ['100ml', { volume: 100, n: 12 }],
  ['chanel 100 ml', { brand: 'chanel', volume: 100, n: 5 }],
  ['sauvage 50 ml', { title: /Sauvage/, volume: 50 }],
  ['dior 100мл', { brand: 'dior', volume: 100, n: 4 }],
  ['шанель 50 мл', { brand: 'chanel', volume: 50, n: 3 }],
  // Uzbek in either script, with any apostrophe, whatever language is shown
  ['туалет суви', { title: /туалет суви/, lang: 'uz', n: 12 }],
  ['tualet suvi', { title: /туалет суви/, lang: 'uz', n: 12 }],
  ['sovgʻa toʻplami', { title: /sovgʻa toʻplami/, lang: 'sr', n: 12 }],
  ["sovg'a to'plami", { title: /sovgʻa toʻplami/, lang: 'sr', n: 12 }],
  ['совға тўплами', { title: /sovgʻa toʻplami/, lang: 'sr', n: 12 }],
  ['подарочный набор', { title: /подарочный набор/, n: 12 }],
]

describe('search relevance table', () => {
  it('has at least 40 queries', () => {
    expect(table.length).toBeGreaterThanOrEqual(40)
  })

  it.each(table)('%s', async (q, expected) => {
    const { results } = await search(q, expected.lang)
    const n = expected.n ?? 1
    expect(results.length, `${q}: at least ${n} results`).toBeGreaterThanOrEqual(n)
    for (const card of results.slice(0, n)) {
      const shown = `${card.brand.name} | ${card.title}`
      if (expected.brand) expect(card.brand.slug, `${q} → ${shown}`).toBe(expected.brand)
      if (expected.title) expect(card.title, `${q} → ${shown}`).toMatch(expected.title)
      if (expected.volume) expect(card.volume, `${q} → ${shown}`).toBe(expected.volume)
    }
  })
})

describe('search ranking', () => {
  it('puts every exact match above fuzzy ones', async () => {
    // "eros" is a word in Versace Eros; anything after those only resembles it.
    const { results } = await search('eros', 'ru', 50)
    const exact = results.map((r) => /\bEros\b/.test(r.title))
    const firstFuzzy = exact.indexOf(false)
    if (firstFuzzy >= 0) expect(exact.slice(firstFuzzy)).not.toContain(true)
    expect(exact[0]).toBe(true)
  })

  it('ranks the line of a brand + line query before the rest of the brand', async () => {
    const { results } = await search('chanel coco noir', 'ru', 20)
    const noir = results.filter((r) => /Coco Noir/.test(r.title)).length
    expect(noir).toBeGreaterThan(0)
    expect(results.slice(0, noir).every((r) => /Coco Noir/.test(r.title))).toBe(true)
  })

  it('finds the same products for a brand in Latin and in Cyrillic', async () => {
    const latin = await search('dior', 'ru', 100)
    const cyrillic = await search('диор', 'ru', 100)
    expect(cyrillic.total).toBe(latin.total)
    expect(new Set(cyrillic.results.map((r) => r.id))).toEqual(new Set(latin.results.map((r) => r.id)))
  })

  it('leaves out a word nothing has when other words are known', async () => {
    const plain = await search('dior sauvage', 'ru', 50)
    const noisy = await search('dior sauvage qzxwvkj', 'ru', 50)
    expect(noisy.total).toBe(plain.total)
    expect(noisy.results.map((r) => r.id)).toEqual(plain.results.map((r) => r.id))
  })

  it('returns nothing for gibberish and for punctuation only', async () => {
    expect((await search('qzxwvkj')).total).toBe(0)
    expect((await search('!!!')).total).toBe(0)
  })

  it('treats an empty search as no search', async () => {
    const { body } = await t.json('products/?search=')
    expect(body.total).toBe((await t.json('products/')).body.total)
    expect(body.results[0].highlight).toBeUndefined()
  })

  it('combines search with filters and ordering', async () => {
    const { status, body } = await t.json(
      'products/?sizes=separate&search=dior&ordering=price&sale_price__isnull=true&size=50',
    )
    expect(status).toBe(200)
    const prices = body.results.map((r: { price: number }) => r.price)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    for (const r of body.results) {
      expect(r.brand.slug).toBe('dior')
      expect(r.sale_price).toBeNull()
    }
  })

  it('pages through search results and 404s past the end', async () => {
    const first = await t.json('products/?sizes=separate&search=chanel&size=5')
    expect(first.body.total).toBeGreaterThan(5)
    expect(first.body.links.next).toContain('search=chanel')
    const second = await t.json('products/?sizes=separate&search=chanel&size=5&page=2')
    expect(second.body.results[0].id).not.toBe(first.body.results[0].id)
    const past = await t.json(`products/?sizes=separate&search=chanel&size=5&page=${first.body.total_pages + 1}`)
    expect(past.status).toBe(404)
    expect(past.body.detail).toBeTruthy()
  })
})

// Everyday words: shoppers type who it is for and what it is, in
// Russian or Uzbek in either script. Each row: the query, the list filters it
// means, and what else every result must be (the words left over as text).
type Everyday = { filters: string; title?: RegExp; brand?: string; same?: boolean; lang?: string }
const everyday: [string, Everyday][] = [
  ['женские духи', { filters: 'audience=women&sections=perfume', same: true }],
  ['парфюм для мужчин', { filters: 'audience=men&sections=perfume', same: true }],
  ['аёллар учун атир', { filters: 'audience=women&sections=perfume', same: true, lang: 'uz' }],
  ['atir ayollar uchun', { filters: 'audience=women&sections=perfume', same: true, lang: 'sr' }],
  ['erkaklar uchun atir', { filters: 'audience=men&sections=perfume', same: true, lang: 'sr' }],
  ['эркаклар учун парфюм', { filters: 'audience=men&sections=perfume', same: true, lang: 'uz' }],
  ['qizlar uchun atir', { filters: 'audience=women&sections=perfume', same: true, lang: 'sr' }],
  ['унисекс духи', { filters: 'audience=unisex&sections=perfume', same: true }],
  ['нишевая парфюмерия', { filters: 'sections=niche-perfume', same: true }],
  ['мужской дезодорант', { filters: 'audience=men&sections=deodorants', same: true }],
  ['дезодоранты', { filters: 'sections=deodorants', same: true }],
  ['гель для душа для мужчин', { filters: 'audience=men&sections=shower-gels', same: true }],
  ['erkaklar uchun dush geli', { filters: 'audience=men&sections=shower-gels', same: true, lang: 'sr' }],
  ['пена для ванны', { filters: 'sections=bath-foams', same: true }],
  ['мыло', { filters: 'sections=soap', same: true }],
  ['совун', { filters: 'sections=soap', same: true, lang: 'uz' }],
  ['подарочный набор для женщин', { filters: 'audience=women&sections=gift-sets', same: true }],
  ["ayollar uchun sovg'a to'plami", { filters: 'audience=women&sections=gift-sets', same: true, lang: 'sr' }],
  ['хотин-қизлар учун совға', { filters: 'audience=women&sections=gift-sets', same: true, lang: 'uz' }],
  // Words the catalogue does not know («на лето») leave the filters alone.
  ['женские ароматы на лето', { filters: 'audience=women&sections=perfume', same: true }],
  // A kind of perfume or cream stays text as well, within its section.
  ['женская туалетная вода', { filters: 'audience=women&sections=perfume', title: /туалетная вода/ }],
  ['крем для тела', { filters: 'sections=body-lotions', title: /крем/ }],
  ['tana uchun krem', { filters: 'sections=body-lotions', title: /krem/, lang: 'sr' }],
  ['солнцезащитный крем', { filters: 'sections=sun-care', same: true }],
  // With a brand: the brand's products the words mean.
  ['диор женские', { filters: 'audience=women', brand: 'dior' }],
  ['chanel женские духи', { filters: 'audience=women&sections=perfume', brand: 'chanel' }],
  ['shanel ayollar uchun atir', { filters: 'audience=women&sections=perfume', brand: 'chanel', lang: 'sr' }],
]

/** Every product id a list gives, page by page. */
async function allIds(path: string, lang = 'ru') {
  const ids: number[] = []
  for (let page = 1; ; page++) {
    const { status, body } = await t.json(`${path}&size=100&page=${page}`, { lang })
    expect(status, path).toBe(200)
    ids.push(...body.results.map((r: Card) => r.id))
    if (page >= body.total_pages) return { ids, body }
  }
}

describe('everyday search words', () => {
  it('has at least 12 queries, typed in each language and script', () => {
    // `lang` is the shown language, and the one typed: uz Cyrillic, sr Latin, ru Russian.
    const typed = (lang: string) => everyday.filter(([, e]) => (e.lang ?? 'ru') === lang).length
    expect(everyday.length).toBeGreaterThanOrEqual(12)
    for (const lang of ['ru', 'uz', 'sr']) expect(typed(lang), lang).toBeGreaterThanOrEqual(4)
  })

  it.each(everyday)('%s', async (q, expected) => {
    // A search lists each size of a line: so does the list it is checked against.
    const meant = new Set((await allIds(`products/?${expected.filters}&sizes=separate`)).ids)
    const found = await allIds(`products/?sizes=separate&search=${encodeURIComponent(q)}`, expected.lang)
    expect(found.ids.length, `${q}: something found`).toBeGreaterThan(0)
    expect(found.body.total).toBe(found.ids.length)
    for (const id of found.ids) expect(meant.has(id), `${q}: product ${id} is not what the filters keep`).toBe(true)
    if (expected.same) expect(new Set(found.ids)).toEqual(meant)
    const { results } = await search(q, expected.lang ?? 'ru', 100)
    for (const card of results) {
      if (expected.title) expect(card.title, q).toMatch(expected.title)
      if (expected.brand) expect(card.brand.slug, q).toBe(expected.brand)
    }
  })

  it('ranks filter-only results as the search ranks equal matches: most popular first', async () => {
    const { ids } = await allIds(`products/?sizes=separate&search=${encodeURIComponent('женские духи')}`)
    const { ids: popular } = await allIds(
      'products/?audience=women&sections=perfume&ordering=popularity&sizes=separate',
    )
    expect(ids).toEqual(popular)
  })

  it('narrows the list filters further and keeps an explicit ordering', async () => {
    const { body } = await t.json(
      `products/?sizes=separate&search=${encodeURIComponent('мужской дезодорант')}&audience=women,men&ordering=price&size=100`,
    )
    const meant = (await allIds('products/?audience=men&sections=deodorants&sizes=separate')).ids
    expect(body.total).toBe(meant.length)
    const prices = body.results.map((r: { price: number; sale_price: number | null }) => r.sale_price ?? r.price)
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b))
    const none = await t.json(
      `products/?sizes=separate&search=${encodeURIComponent('мужской дезодорант')}&audience=women`,
    )
    expect(none.body.total).toBe(0)
  })

  it('marks only the words searched as text', async () => {
    const { results } = await search('женская туалетная вода')
    const marks = results[0]!.highlight.map(([a, b]) => results[0]!.title.slice(a, b))
    expect(marks).toEqual(['туалетная', 'вода'])
    const [card] = (await search('женские духи')).results
    expect(card!.highlight).toEqual([])
  })
})

describe('cross-script spellings cover every product of a line', () => {
  it.each([
    ['соваж', 'sauvage'],
    ['саваж', 'sauvage'],
    ['лайт блю', 'light blue'],
  ])('%s finds what %s finds', async (local, latin) => {
    const a = await allIds(`products/?sizes=separate&search=${encodeURIComponent(local)}`)
    const b = await allIds(`products/?sizes=separate&search=${encodeURIComponent(latin)}`)
    expect(b.ids.length).toBeGreaterThan(0)
    expect(new Set(a.ids)).toEqual(new Set(b.ids))
  })

  it('finds the Sauvage shower gel by its Cyrillic spelling', async () => {
    const { results } = await search('соваж', 'ru', 100)
    expect(results.some((r) => /Sauvage Shower Gel/.test(r.title))).toBe(true)
  })
})

describe('search highlight', () => {
  const titleMarks = (card: Card) => card.highlight.map(([a, b]) => card.title.slice(a, b))
  const brandMarks = (card: Card) => card.brand_highlight.map(([a, b]) => card.brand.name.slice(a, b))

  it('marks prefixes of the shown title', async () => {
    const [card] = (await search('dior sauv')).results
    expect(card!.title).toMatch(/^Dior Sauvage/)
    expect(titleMarks(card!)).toEqual(['Dior Sauv'.slice(0, 4), 'Sauv'])
    expect(brandMarks(card!)).toEqual(['Dior'])
  })

  it('marks the brand name found through a local spelling', async () => {
    const { results } = await search('шанель')
    const named = results.find((r) => r.title.startsWith('Chanel'))!
    expect(titleMarks(named)).toEqual(['Chanel'])
    expect(brandMarks(named)).toEqual(['Chanel'])
    const bleu = results.find((r) => r.title.startsWith('Bleu de Chanel'))
    if (bleu) expect(titleMarks(bleu)).toEqual(['Chanel'])
  })

  it('marks a misspelt word where it resembles the title', async () => {
    const [card] = (await search('sauvaje')).results
    expect(titleMarks(card!)).toContain('Sauvage')
  })

  it('marks the product name when a local spelling of the line matched', async () => {
    const [card] = (await search('саваж')).results
    expect(titleMarks(card!)[0]).toMatch(/Sauvage/)
  })

  it('marks Cyrillic titles for a Latin query and the other way round', async () => {
    const [uz] = (await search('tualet', 'uz')).results
    expect(titleMarks(uz!)).toContain('туалет')
    const [sr] = (await search('туалет', 'sr')).results
    expect(titleMarks(sr!)).toContain('tualet')
  })

  it('gives ranges inside the title, sorted and apart', async () => {
    for (const q of ['chanel 100 ml', 'dolce gabana', 'армани код', 'n 5']) {
      for (const card of (await search(q)).results) {
        let end = -1
        for (const [a, b] of card.highlight) {
          expect(a).toBeGreaterThan(end)
          expect(b).toBeGreaterThan(a)
          expect(b).toBeLessThanOrEqual(card.title.length)
          end = b
        }
      }
    }
  })
})

describe('search keys follow catalogue changes', () => {
  it('finds a brand by a new local spelling as soon as it is saved', async () => {
    expect((await search('zhanelka')).total).toBe(0)
    const { body } = await t.json('products/brands/chanel/')
    await updateBrand(t.database.db, body.id, { aliases: ['шанель', 'zhanelka'] })
    const found = await search('zhanelka')
    expect(found.total).toBe(body.product_count)
    expect(found.results.every((r) => r.brand.slug === 'chanel')).toBe(true)
  })

  it('gives products of a database seeded before the shared spellings those of the line they extend', async () => {
    const db = t.database.db
    const gels = await db
      .select({ id: products.id, aliases: products.aliases })
      .from(products)
      .where(sql`${products.aliases}[1] = 'Sauvage Shower Gel'`)
      .orderBy(products.id)
    expect(gels.length).toBeGreaterThan(0)
    // What an older seed wrote: the shower gel line's own spellings only.
    for (const gel of gels) await updateProduct(db, gel.id, { aliases: ['Sauvage Shower Gel', 'саваж гель для душа'] })
    const before = await search('соваж', 'ru', 100)
    expect(before.results.filter((r) => /Shower Gel/.test(r.title))).toEqual([])

    expect(await shareLineSpellings(db)).toBe(gels.length)
    const after = await search('соваж', 'ru', 100)
    expect(after.results.filter((r) => /Shower Gel/.test(r.title)).map((r) => r.id)).toEqual(gels.map((g) => g.id))
    const [fresh] = await db.select({ aliases: products.aliases }).from(products).where(eq(products.id, gels[0]!.id))
    expect(new Set(fresh!.aliases)).toEqual(new Set(gels[0]!.aliases))
    // Once per database.
    expect(await shareLineSpellings(db)).toBe(0)
  })
})

// The word index (product_search_words_idx) answers the word tests itself:
// what it must not lose, and that the planner can use it at all.
describe('search by the word index', () => {
  it('finds a Cyrillic-only product by Latin, Cyrillic and misspelt words, the last word of its key too', async () => {
    const db = t.database.db
    const [row] = await db.select({ id: products.id }).from(products).orderBy(products.id).limit(1)
    // A title only in Cyrillic, and a line name that comes last in the key (no volume after it).
    const title = 'Бинафшазор'
    await updateProduct(db, row!.id, {
      title: { uz: title, sr: title, ru: title },
      aliases: ['Гулбаҳор'],
      volume: null,
    })
    const [stored] = await db.select({ key: products.searchKey }).from(products).where(eq(products.id, row!.id))
    expect(stored!.key.split(' ').at(-1)).toBe('gulbahor')
    for (const q of [
      'binafshazor',
      'binafsha',
      'бинафшазорр',
      'binafshazorr',
      'gulbahor',
      'гулбахор',
      'гулбаҳорр',
      'gulbahorr',
      'бинафшазор gulbahor',
    ]) {
      const { results } = await search(q, 'sr')
      expect(
        results.map((r) => r.id),
        q,
      ).toContain(row!.id)
    }
  })

  it('lets the planner answer the word tests from the index, exactly', async () => {
    const db = t.database.db
    const plan = planSearch(searchTokens('sauvage'), await getVocabulary(db))
    const lines = await db.transaction(async (tx) => {
      // 300 products are few enough for a sequential scan; the question is whether the index can serve.
      await tx.execute(sql`set local enable_seqscan = off`)
      const result = await tx.execute(
        sql`explain (analyze, costs off) select product_id from ${productSearch} where ${plan.indexed}`,
      )
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, string>[]
      return rows.map((r) => Object.values(r)[0]).join('\n')
    })
    expect(lines).toContain('product_search_words_idx')
    // The index hands over the rows that start a word with "sauvage", not every key holding the letters.
    expect(lines).not.toContain('Rows Removed by Index Recheck')
  })
})

describe('what a search that found nothing is offered', () => {
  const alternatives = async (q: string, lang = 'ru') => {
    const { status, body } = await t.json(`products/search-alternatives/?search=${encodeURIComponent(q)}`, { lang })
    expect(status, q).toBe(200)
    return body as { spellings: { query: string; total: number }[]; brands: { slug: string; name: string }[] }
  }

  it('offers spellings the search answers, as the shop writes them, and the nearest brand', async () => {
    // Too far off for the search's own correction, in Cyrillic.
    expect((await search('шанелл совааж')).total).toBe(0)
    const offered = await alternatives('шанелл совааж')
    expect(offered.spellings.map((s) => s.query)).toEqual(expect.arrayContaining(['Chanel', 'Dior Sauvage']))
    // Each finds as many as it says, listed as the shop lists a search (a fragrance once).
    for (const spelling of offered.spellings) {
      const listed = await t.json(`products/?search=${encodeURIComponent(spelling.query)}`, { lang: 'ru' })
      expect(listed.body.total).toBe(spelling.total)
    }
    expect(offered.brands.map((b) => b.slug)).toEqual(['chanel'])
  })

  it('offers each word alone when no product has them together, and whole words for a partly marked one', async () => {
    expect((await search('chanel sauvage')).total).toBe(0)
    expect((await alternatives('chanel sauvage')).spellings.map((s) => s.query)).toEqual(['Chanel', 'Sauvage'])
    // «жадорр» marks only «J'ador» of «J'adore»: the whole word is offered.
    expect((await alternatives('жадорр')).spellings.map((s) => s.query)).toEqual(["J'adore"])
  })

  it('offers nothing for gibberish, and needs a search', async () => {
    expect(await alternatives('qqqxzzz')).toEqual({ spellings: [], brands: [] })
    const missing = await t.json('products/search-alternatives/', { lang: 'ru' })
    expect(missing.status).toBe(400)
  })
})

// Search reads product_search, which a trigger keeps from products (migration search_table).
describe('the vocabulary', () => {
  it('counts each word of the search keys as the database would, read in slices', async () => {
    const db = t.database.db
    const grouped = rowsOf<{ w: string; n: number }>(
      await db.execute(
        sql`select w, count(*)::int as n from product_search, unnest(string_to_array(search_key, ' ')) as w where w <> '' group by w`,
      ),
    )
    const [keys] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from product_search`))
    // 7 keys a slice: the 300 products take many slices and end on a short one.
    const counted = await keyWordCounts(db, 7)
    expect(counted.products).toBe(keys!.n)
    expect(Object.fromEntries(counted.df)).toEqual(Object.fromEntries(grouped.map((row) => [row.w, row.n])))
    // A catalogue of a whole number of slices ends on an empty one.
    expect((await keyWordCounts(db, keys!.n)).products).toBe(keys!.n)
  })
})

describe('the search table', () => {
  const searchRow = async (id: number) => {
    const [row] = await t.database.db.select().from(productSearch).where(eq(productSearch.productId, id))
    return row
  }
  const productRow = async (id: number) => {
    const [row] = await t.database.db
      .select({ searchKey: products.searchKey, popularity: products.popularity, isHidden: products.isHidden })
      .from(products)
      .where(eq(products.id, id))
    return row
  }

  it('holds every product with its key, popularity and visibility', async () => {
    const db = t.database.db
    const [counted] = rowsOf<{ products: number; rows: number; differ: number }>(
      await db.execute(
        sql`select (select count(*)::int from products) as products, (select count(*)::int from product_search) as rows,
          (select count(*)::int from products p join product_search s on s.product_id = p.id
            where (s.search_key, s.popularity, s.is_hidden) is distinct from (p.search_key, p.popularity, p.is_hidden)) as differ`,
      ),
    )
    expect(counted!.rows).toBe(counted!.products)
    expect(counted!.differ).toBe(0)
  })

  it('follows a new key, popularity and visibility, finds no hidden product and forgets a deleted one', async () => {
    const db = t.database.db
    const [row] = await db.select({ id: products.id }).from(products).orderBy(products.id).offset(5).limit(1)
    const id = row!.id
    const title = 'Zarafshonmalika'
    await updateProduct(db, id, { title: { uz: title, sr: title, ru: title }, popularity: 123_456 })
    expect(await searchRow(id)).toEqual({ productId: id, ...(await productRow(id)) })
    expect((await searchRow(id))!.popularity).toBe(123_456)
    expect((await search('zarafshonmalika')).results.map((r) => r.id)).toEqual([id])

    // As staff hide it (a back-office write empties the cached answers too).
    await db.update(products).set({ isHidden: true }).where(eq(products.id, id))
    await invalidateCatalogue(db)
    expect((await searchRow(id))!.isHidden).toBe(true)
    expect((await search('zarafshonmalika')).results).toEqual([])
    await db.update(products).set({ isHidden: false }).where(eq(products.id, id))

    // A price or stock change leaves the row as it was: nothing written, no dead row on PGlite.
    const version = async () =>
      rowsOf<{ xmin: string }>(await db.execute(sql`select xmin::text from product_search where product_id = ${id}`))[0]
    const before = await version()
    await db.update(products).set({ stock: 7, price: 99_000 }).where(eq(products.id, id))
    expect(await version()).toEqual(before)

    const [added] = await db
      .insert(products)
      .values({ ...(await templateOf(id)), slug: 'zarafshon-nusxa', searchKey: 'zarafshonnusxa' })
      .returning({ id: products.id })
    expect((await searchRow(added!.id))!.searchKey).toBe('zarafshonnusxa')
    await db.delete(products).where(eq(products.id, added!.id))
    expect(await searchRow(added!.id)).toBeUndefined()
  })
})

/** A product row to insert a copy of (a new id), for the search table's insert and delete. */
async function templateOf(id: number) {
  const [row] = await t.database.db.select().from(products).where(eq(products.id, id))
  const { id: _id, createdAt: _created, updatedAt: _updated, sku: _sku, ...rest } = row!
  return rest
}
