import { referenceDate } from './products.ts'
import { createRandom, type Random } from './random.ts'
import { latin } from './text.ts'

/**
 * Demo customers: the authors of the seeded reviews. They have no phone and no
 * password, so nobody can sign in as them, and no invented number can belong
 * to a real person; `phone IS NULL` on a live account is what marks them
 * (reset.ts). Each writes in one language: Russian, Uzbek Cyrillic (uz) or
 * Uzbek Latin (sr), with the name spelt the way they would type it.
 */
export type Writing = 'ru' | 'uz' | 'sr'
export type CustomerSeed = {
  fullName: string
  female: boolean
  writes: Writing
  region: string
  district: string | null
  street: string
  house: string
  flat: string | null
  createdAt: Date
}

// A first name as an Uzbek writes it in Cyrillic and as it is spelt in Russian.
type Name = { uz: string; ru: string }
const name = (uz: string, ru = uz): Name => ({ uz, ru })

const uzbekWomen = [
  name('Дилноза'),
  name('Гулнора', 'Гульнора'),
  name('Шаҳноза', 'Шахноза'),
  name('Нилуфар'),
  name('Мадина'),
  name('Зарина'),
  name('Малика'),
  name('Феруза'),
  name('Нигора'),
  name('Сайёра'),
  name('Дилфуза', 'Дильфуза'),
  name('Моҳира', 'Мохира'),
  name('Севара'),
  name('Лобар'),
  name('Камола'),
  name('Ҳилола', 'Хилола'),
  name('Нодира'),
  name('Юлдуз'),
  name('Барно'),
  name('Зулфия', 'Зульфия'),
  name('Умида'),
  name('Гулчеҳра', 'Гульчехра'),
  name('Муниса'),
  name('Азиза'),
]
const uzbekMen = [
  name('Азиз'),
  name('Жасур'),
  name('Бобур'),
  name('Шерзод'),
  name('Санжар'),
  name('Отабек'),
  name('Тимур'),
  name('Фаррух'),
  name('Улуғбек', 'Улугбек'),
  name('Акмал'),
  name('Дилшод'),
  name('Жавоҳир', 'Жавохир'),
  name('Анвар'),
  name('Рустам'),
  name('Сардор'),
  name('Элёр'),
  name('Зафар'),
  name('Нодир'),
]
// Family names in the masculine form; the feminine adds "а".
const uzbekFamilies = [
  name('Каримов'),
  name('Рашидов'),
  name('Юсупов'),
  name('Алиев'),
  name('Турсунов'),
  name('Абдуллаев'),
  name('Исмоилов', 'Исмаилов'),
  name('Собиров', 'Сабиров'),
  name('Норматов'),
  name('Ҳасанов', 'Хасанов'),
  name('Раҳимов', 'Рахимов'),
  name('Маҳмудов', 'Махмудов'),
  name('Эргашев'),
  name('Усмонов', 'Усманов'),
  name('Холматов'),
  name('Мирзаев'),
  name('Қодиров', 'Кадыров'),
  name('Юлдашев'),
  name('Азимов'),
  name('Саидов'),
]
const russianWomen = [
  'Анна',
  'Елена',
  'Ольга',
  'Наталья',
  'Ирина',
  'Татьяна',
  'Екатерина',
  'Марина',
  'Светлана',
  'Юлия',
  'Виктория',
  'Алина',
  'Диана',
  'Регина',
]
const russianMen = ['Дмитрий', 'Сергей', 'Алексей', 'Андрей', 'Максим', 'Артём', 'Денис', 'Игорь', 'Руслан']
// Korean, Tatar and Russian families, as common in Tashkent; null: the same for both.
const russianFamilies: Array<[string, string | null]> = [
  ['Ким', null],
  ['Пак', null],
  ['Ли', null],
  ['Цой', null],
  ['Иванов', 'Иванова'],
  ['Смирнов', 'Смирнова'],
  ['Кузнецов', 'Кузнецова'],
  ['Попов', 'Попова'],
  ['Волков', 'Волкова'],
  ['Галиев', 'Галиева'],
  ['Шамсутдинов', 'Шамсутдинова'],
]

// SOATO codes (REFERENCE-UZ.md): most customers live in Tashkent, the rest across the country.
const tashkentDistricts = [
  '1726262',
  '1726264',
  '1726266',
  '1726269',
  '1726273',
  '1726277',
  '1726280',
  '1726283',
  '1726287',
  '1726290',
  '1726292',
  '1726294',
]
const otherRegions = ['1727', '1718', '1730', '1703', '1714', '1706', '1733', '1710', '1735', '1712', '1722']
const streets = [
  'Amir Temur',
  'Bunyodkor',
  'Muqimiy',
  'Chilonzor',
  'Shota Rustaveli',
  'Mustaqillik',
  'Navoiy',
  'Labzak',
  'Qoratosh',
  'Bogʻishamol',
  'Yunusobod 4-mavze',
  'Mirzo Ulugʻbek',
]

/** One customer per ten products, at least 150: a product's reviewers are always different people. */
export const customerCount = (products: number) => Math.max(150, Math.ceil(products / 10))

function fullName(random: Random, female: boolean, writes: Writing): string {
  // Russian-speaking customers are Uzbeks as often as Russians, Koreans or Tatars.
  if (writes === 'ru' && random.chance(0.45)) {
    const first = random.pick(female ? russianWomen : russianMen)
    const [masculine, feminine] = random.pick(russianFamilies)
    return `${first} ${female ? (feminine ?? masculine) : masculine}`
  }
  const first = random.pick(female ? uzbekWomen : uzbekMen)
  const family = random.pick(uzbekFamilies)
  const spelt = writes === 'ru' ? `${first.ru} ${family.ru}` : `${first.uz} ${family.uz}`
  const full = female ? `${spelt}а` : spelt
  return writes === 'sr' ? latin(full) : full
}

/** The demo customers for a catalogue of `products`: the same ones for the same count. */
export function generateCustomers(products: number): CustomerSeed[] {
  const random = createRandom(0x5eed_c057)
  return Array.from({ length: customerCount(products) }, () => {
    // A perfume and cosmetics shop: most buyers are women.
    const female = random.chance(0.75)
    const draw = random.next()
    const writes: Writing = draw < 0.45 ? 'ru' : draw < 0.7 ? 'uz' : 'sr'
    const inTashkent = random.chance(0.6)
    return {
      fullName: fullName(random, female, writes),
      female,
      writes,
      region: inTashkent ? '1726' : random.pick(otherRegions),
      district: inTashkent ? random.pick(tashkentDistricts) : null,
      street: random.pick(streets),
      house: String(random.int(1, 120)),
      flat: random.chance(0.6) ? String(random.int(1, 90)) : null,
      // Registered some time in the two years before the reference day, before any of their orders.
      createdAt: new Date(referenceDate - random.int(320, 730) * 86_400_000),
    }
  })
}
