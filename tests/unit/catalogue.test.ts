import { describe, expect, it } from 'vitest'
import { etagMatches, strongEtag } from '#api/catalogue/cache.ts'
import { country } from '#api/catalogue/countries.ts'
import { excerpt } from '#api/catalogue/editorial.ts'
import { searchHighlight, trigramSimilarity } from '#api/catalogue/highlight.ts'
import { productListQuery } from '#api/catalogue/query.ts'
import { productSearchKey } from '#api/catalogue/search-key.ts'
import { prefixRange, similarWords, trigramsOf, type Vocabulary } from '#api/catalogue/vocabulary.ts'
import { resolveUpload } from '#api/media/paths.ts'
import { preferredFormat } from '#api/media/resize.ts'

describe('productSearchKey', () => {
  it('folds brand, titles, aliases and volume into one Latin key, brand first', () => {
    const key = productSearchKey(
      {
        title: {
          ru: 'Sauvage, туалетная вода, 100 мл',
          uz: 'Sauvage, туалет суви, 100 мл',
          sr: 'Sauvage, tualet suvi, 100 ml',
        },
        aliases: ['саваж', 'sauvaje'],
        volume: 100,
        unit: 'ml',
      },
      { name: 'Dior', aliases: ['диор', 'кристиан диор'] },
    )
    expect(key.split(' ').slice(0, 2)).toEqual(['dior', 'sauvage'])
    for (const word of ['tualetnaya', 'voda', 'tualet', 'suvi', 'kristian', 'savaj', 'sauvaje', '100', 'ml'])
      expect(key.split(' ')).toContain(word)
    expect(key).not.toMatch(/[а-я]/)
  })
})

describe('searchHighlight', () => {
  const dior = { brandName: 'Dior', brandAliases: ['диор'], searchKey: 'dior sauvage tualetnaya voda savaj' }
  const mark = (title: string, query: string, product = dior) => {
    const { title: ranges, brand } = searchHighlight(title, query, product)
    return {
      title: ranges.map(([a, b]) => title.slice(a, b)),
      brand: brand.map(([a, b]) => product.brandName.slice(a, b)),
    }
  }

  it('marks prefixes in either script', () => {
    expect(mark('Dior Sauvage, туалетная вода', 'dior sauv').title).toEqual(['Dior', 'Sauv'])
    expect(mark('Dior Sauvage, туалетная вода', 'tualet').title).toEqual(['туалет'])
  })

  it('marks the brand found through an alias, in the title and in the brand name', () => {
    expect(mark('Dior Sauvage, туалетная вода', 'диор')).toEqual({ title: ['Dior'], brand: ['Dior'] })
  })

  it('marks a title word a misspelling resembles', () => {
    expect(mark('Dior Sauvage, туалетная вода', 'sauvaje').title).toEqual(['Sauvage'])
  })

  it('marks the product name when only a line alias matched', () => {
    expect(mark('Dior Sauvage, туалетная вода', 'саваж').title).toEqual(['Dior Sauvage'])
  })

  it('marks what a correction marks', () => {
    const { title } = searchHighlight(
      'Rabanne Invictus, туалетная вода',
      'invictos',
      {
        brandName: 'Rabanne',
        brandAliases: [],
        searchKey: 'rabanne invictus',
      },
      [{ token: 'invictos', corrections: ['invictus'] }],
    )
    expect(title).toEqual([[8, 16]])
  })

  it('marks nothing for an empty query', () => {
    expect(searchHighlight('Dior', '  ', dior)).toEqual({ title: [], brand: [] })
  })
})

describe('trigram similarity as pg_trgm computes it', () => {
  it('matches known values', () => {
    expect(trigramsOf('word')).toEqual(['  w', ' wo', 'wor', 'ord', 'rd '])
    expect(trigramSimilarity('word', 'words')).toBeCloseTo(4 / 7)
    expect(trigramSimilarity('dior', 'dior')).toBe(1)
    expect(trigramSimilarity('jivanshi', 'givenchy')).toBeLessThan(0.1)
  })
})

describe('vocabulary lookups', () => {
  const words = ['dior', 'dolce', 'gabbana', 'invictus', 'sauvage', 'savage'].sort()
  const grams = new Map<string, number[]>()
  words.forEach((w, i) => {
    for (const g of trigramsOf(w)) grams.set(g, [...(grams.get(g) ?? []), i])
  })
  const vocabulary: Vocabulary = {
    words,
    df: new Map(words.map((w) => [w, 10])),
    grams,
    products: 100,
    poolFloor: null,
  }

  it('finds words by prefix', () => {
    expect(words.slice(...prefixRange(vocabulary, 'sa'))).toEqual(['sauvage', 'savage'])
    expect(words.slice(...prefixRange(vocabulary, 'x'))).toEqual([])
  })

  it('corrects misspellings to the closest words', () => {
    expect(similarWords(vocabulary, 'invictos')).toEqual(['invictus'])
    expect(similarWords(vocabulary, 'gabana')).toEqual(['gabbana'])
    expect(similarWords(vocabulary, 'qqqq')).toEqual([])
  })
})

describe('country names', () => {
  it('names countries in each interface language, Uzbek Latin with U+02BB', () => {
    expect(country('fr', 'ru')).toEqual({ code: 'FR', name: 'Франция' })
    expect(country('US', 'ru').name).toBe('США')
    expect(country('UZ', 'uz').name).toBe('Ўзбекистон')
    expect(country('UZ', 'sr').name).toBe('Oʻzbekiston')
    expect(country('IT', 'sr').name).toBe('Italiya')
    expect(country('XX', 'ru')).toEqual({ code: 'XX', name: 'XX' })
  })
})

describe('excerpt', () => {
  it('takes the first paragraph, cut at a word', () => {
    expect(excerpt('First.\n\nSecond.')).toBe('First.')
    const long = `${'word '.repeat(60)}end`
    const cut = excerpt(long)
    expect(cut.length).toBeLessThanOrEqual(201)
    expect(cut.endsWith('word…')).toBe(true)
  })
})

describe('productListQuery', () => {
  it('parses lists, booleans and prices, and drops empty values', () => {
    const parsed = productListQuery.parse({
      sections: 'womens-perfume, niche-perfume',
      brand: '',
      audience: 'men,unisex',
      sale_price__isnull: 'False',
      in_stock: '1',
      price__gte: '1000',
    })
    expect(parsed).toEqual({
      page: 1,
      size: 12,
      sections: ['womens-perfume', 'niche-perfume'],
      audience: ['men', 'unisex'],
      sale_price__isnull: false,
      in_stock: true,
      price__gte: 1000,
    })
  })

  it('rejects unknown keys and inverted price ranges', () => {
    expect(productListQuery.safeParse({ colour: 'red' }).success).toBe(false)
    const inverted = productListQuery.safeParse({ price__gte: '10', price__lte: '5' })
    expect(inverted.error?.issues[0]?.path).toEqual(['price__lte'])
  })
})

describe('media paths', () => {
  const root = '/data/uploads'
  it('resolves plain relative image paths under the uploads folder', () => {
    expect(resolveUpload(root, 'seed/products/dior-1.svg')).toBe('/data/uploads/seed/products/dior-1.svg')
    expect(resolveUpload(root, 'a.JPG')).toBe('/data/uploads/a.JPG')
  })

  it('refuses anything that could leave it or is no picture', () => {
    for (const path of [
      '../secret.svg',
      'seed/../../secret.svg',
      'seed/..',
      '/etc/passwd.svg',
      'C:\\x.svg',
      'seed\\x.svg',
      '.hidden.svg',
      'seed//x.svg',
      'seed/x.svg\0',
      'seed/x.txt',
      'seed/x',
      '',
      `${'a/'.repeat(200)}x.svg`,
    ])
      expect(resolveUpload(root, path), path).toBeNull()
  })

  it('prefers AVIF, then WebP, only when the client names them', () => {
    expect(preferredFormat('image/avif,image/webp,*/*')).toBe('avif')
    expect(preferredFormat('image/webp, image/avif;q=0.1')).toBe('avif')
    expect(preferredFormat('image/avif;q=0,image/webp')).toBe('webp')
    expect(preferredFormat('image/webp;q=0.5')).toBe('webp')
    expect(preferredFormat('image/webp;q=0')).toBe('jpeg')
    expect(preferredFormat('image/*')).toBe('jpeg')
    expect(preferredFormat('*/*')).toBe('jpeg')
    expect(preferredFormat(undefined)).toBe('jpeg')
  })
})

describe('ETags', () => {
  it('are strong, stable and compared weakly for If-None-Match', () => {
    const etag = strongEtag('{"a":1}')
    expect(etag).toBe(strongEtag('{"a":1}'))
    expect(etag).not.toBe(strongEtag('{"a":2}'))
    expect(etag).toMatch(/^"[\w-]{27}"$/)
    expect(etagMatches(etag, etag)).toBe(true)
    expect(etagMatches(`"x", W/${etag}`, etag)).toBe(true)
    expect(etagMatches('*', etag)).toBe(true)
    expect(etagMatches('"x"', etag)).toBe(false)
    expect(etagMatches(undefined, etag)).toBe(false)
  })
})
