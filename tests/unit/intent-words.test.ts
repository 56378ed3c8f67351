import { describe, expect, it } from 'vitest'
import { readSearchIntent } from '#api/catalogue/intent-words.ts'
import { searchTokens } from '#api/catalogue/search-text.ts'
import { brands } from '#api/db/seed/brands.ts'

const read = (query: string) => readSearchIntent(searchTokens(query))

describe('everyday search words', () => {
  it('turns audience and product words into filters in Russian and Uzbek, either script', () => {
    for (const q of [
      'женские духи',
      'духи для женщин',
      'аёллар учун атир',
      'atir ayollar uchun',
      'ayolar uchun atir',
    ]) {
      expect(read(q), q).toEqual({ text: [], audiences: ['women'], sections: [['perfume']] })
    }
    for (const q of ['парфюм для мужчин', 'мужской парфюм', 'erkaklar uchun atir', 'эркакларга атирлар']) {
      expect(read(q), q).toEqual({ text: [], audiences: ['men'], sections: [['perfume']] })
    }
  })

  it('knows common inflections', () => {
    for (const q of ['женская', 'женских', 'женщинам', 'девушек', 'аёлларга', 'qizlar', 'kizlar', 'хотин-қизлар'])
      expect(read(q).audiences, q).toEqual(['women'])
    for (const q of ['мужской', 'мужские', 'мужчинам', 'эркак', 'erkaklarga', 'йигитлар', 'yigitlar'])
      expect(read(q).audiences, q).toEqual(['men'])
    for (const q of ['унисекс', 'unisex', 'uniseks']) expect(read(q).audiences, q).toEqual(['unisex'])
    for (const q of ['дезодорант', 'дезодоранты', 'антиперспиранты', 'dezodorant'])
      expect(read(q).sections, q).toEqual([['deodorants']])
  })

  it('keeps the other words, and the names of a perfume strength, as text', () => {
    expect(read('dior женские')).toEqual({ text: ['dior'], audiences: ['women'], sections: [] })
    expect(read('женская туалетная вода')).toEqual({
      text: ['tualetnaya', 'voda'],
      audiences: ['women'],
      sections: [['perfume']],
    })
    expect(read('парфюм суви').text).toEqual(['parfyum', 'suvi'])
    expect(read('пена для ванны').sections).toEqual([['bath-foams'], ['bath']])
  })

  it('drops joining words only next to a filter word', () => {
    expect(read('для').text).toEqual(['dlya'])
    expect(read('гель для душа').text).toEqual(['gel'])
  })

  it('leaves brand and line names alone', () => {
    for (const q of [
      'dior sauvage',
      'parfums de marly',
      'гуд гел',
      'good girl',
      'nivea men',
      'sol de janeiro',
      'atelier',
    ])
      expect(read(q), q).toEqual({ text: searchTokens(q), audiences: [], sections: [] })
  })

  it('reads no audience into a brand or line name of the demo catalogue, and a section only where it says one', () => {
    for (const brand of brands) {
      for (const line of brand.lines) {
        const name = `${brand.name} ${line.name}`
        const intent = read(name)
        expect(intent.audiences, name).toEqual([])
        if (intent.sections.length) expect(name, name).toMatch(/deodorant|antiperspirant/i)
      }
    }
  })
})
