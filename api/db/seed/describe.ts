import type { Localized } from '../../http/locale.ts'
import { countries } from './countries.ts'
import type { Form } from './forms.ts'
import { type Family, families, note, type Pyramid, seasons } from './notes.ts'
import { localizeJoined, type Text } from './text.ts'

export type Audience = 'women' | 'men' | 'unisex'
export type Remark = 'tester' | 'gift-set' | 'travel' | 'limited'

export type DescriptionInput = {
  name: string
  brand: string
  audience: Audience
  /** Body and bath lines are introduced as care products rather than as fragrances. */
  lineKind: 'perfume' | 'body' | 'bath'
  year: number
  family: Family
  pyramid: Pyramid
  form: Form
  volume: number
  country: string
  /** Extra sentences for testers, gift sets, miniatures and editions. */
  remarks: Remark[]
  /** Picks one of the equivalent wordings, so neighbouring products don't read alike. */
  variant: number
}

const audiences: Record<Audience, Text> = {
  women: { ru: 'женский аромат', uz: 'аёллар ифори' },
  men: { ru: 'мужской аромат', uz: 'эркаклар ифори' },
  unisex: { ru: 'аромат унисекс', uz: 'унисекс ифор' },
}

const produced = { m: 'произведён', f: 'произведена', n: 'произведено', p: 'произведены' }
const suits = { m: 'подходит', f: 'подходит', n: 'подходит', p: 'подходят' }

const remarkSentences: Record<Remark, Text> = {
  tester: {
    ru: 'Тестер поставляется в простой коробке, иногда без крышки, с тем же ароматом, что и основной флакон.',
    uz: 'Тестер оддий қутида, баъзан қопқоқсиз етказилади, ифори асосий флакондагидек.',
  },
  'gift-set': {
    ru: 'Подарочная упаковка — готовый подарок к празднику.',
    uz: 'Совға қутиси — байрам учун тайёр совға.',
  },
  travel: {
    ru: 'Компактный флакон удобно взять с собой в поездку.',
    uz: 'Ихчам флаконни сафарга олиб кетиш қулай.',
  },
  limited: {
    ru: 'Лимитированный выпуск в особом оформлении флакона.',
    uz: 'Флакони махсус безатилган чекланган нашр.',
  },
}

function list(items: Text[]): Text {
  const join = (words: string[], and: string) =>
    words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} ${and} ${words.at(-1)}`
  return {
    ru: join(
      items.map((i) => i.ru),
      'и',
    ),
    uz: join(
      items.map((i) => i.uz),
      'ва',
    ),
  }
}

const careAudiences: Record<Audience, Text> = {
  women: { ru: 'средство по уходу для женщин', uz: 'аёллар учун парвариш воситаси' },
  men: { ru: 'средство по уходу для мужчин', uz: 'эркаклар учун парвариш воситаси' },
  unisex: { ru: 'средство по уходу для всей семьи', uz: 'бутун оила учун парвариш воситаси' },
}

function careIntro(input: DescriptionInput): Text {
  const scented = families[input.family].scented
  const audience = careAudiences[input.audience]
  return {
    ru: `${input.name} — ${audience.ru} ${scented.ru}.`,
    uz: `${input.name} — ${scented.uz} ${audience.uz}.`,
  }
}

function intro(input: DescriptionInput): Text {
  if (input.lineKind !== 'perfume') return careIntro(input)
  const character = families[input.family].character
  const audience = audiences[input.audience]
  const { name, year, brand } = input
  if (input.variant % 2 === 0) {
    return {
      ru: `${name} — ${character.ru} ${audience.ru}, впервые представленный в ${year} году.`,
      uz: `${name} — ${year}-йилда илк бор тақдим этилган ${character.uz} ${audience.uz}.`,
    }
  }
  return {
    ru: `${name} (${year}) — ${character.ru} ${audience.ru}, созданный парфюмерами ${brand}.`,
    uz: `${name} (${year}) — ${brand} парфюмерлари яратган ${character.uz} ${audience.uz}.`,
  }
}

function pyramid([top, heart, base]: Pyramid): Text {
  const listed = (notes: typeof top) => list(notes.map((key) => note[key]))
  const [t, h, b] = [listed(top), listed(heart), listed(base)]
  return {
    ru: `Верхние ноты — ${t.ru}, в сердце — ${h.ru}, в базе — ${b.ru}.`,
    uz: `Бошланғич ноталар — ${t.uz}, юрак ноталари — ${h.uz}, асос ноталари — ${b.uz}.`,
  }
}

function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

// "Туалетная вода объёмом 100 мл произведена во Франции и подходит для тёплого сезона."
function formSentence(input: DescriptionInput, withSeason: boolean): Text {
  const { form, volume } = input
  const where = countries[input.country]?.where
  const season = seasons[families[input.family].season]
  const ruSize = `${form.unit === 'g' ? 'весом' : 'объёмом'} ${volume} ${form.unit === 'g' ? 'г' : 'мл'}`
  const uzSize = `${volume} ${form.unit === 'g' ? 'г оғирликдаги' : 'мл ҳажмли'}`
  const ruParts = [
    where && `${produced[form.gender]} ${where.ru}`,
    withSeason && `${suits[form.gender]} для ${season.ru}`,
  ]
  const uzParts = [where && `${where.uz} ишлаб чиқарилган`, withSeason && `${season.uz} учун мос келади`]
  const ruTail = ruParts.filter(Boolean).join(' и ')
  const uzTail = uzParts.filter(Boolean).join(' ва ')
  return {
    ru: `${capitalise(form.name.ru)} ${ruSize}${ruTail ? ` ${ruTail}` : ''}.`,
    uz: `${uzSize} ${form.name.uz}${uzTail ? ` ${uzTail}` : ''}.`,
  }
}

export function describe(input: DescriptionInput): Localized {
  const sentences = input.form.benefit
    ? [intro(input), input.form.benefit, formSentence(input, false)]
    : [intro(input), pyramid(input.pyramid), formSentence(input, true)]
  for (const remark of input.remarks) sentences.push(remarkSentences[remark])
  return localizeJoined(sentences, ' ')
}
