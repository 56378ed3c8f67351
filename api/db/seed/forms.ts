import type { Text } from './text.ts'

/** The drawing used for a product's pictures. */
export type Shape = 'bottle' | 'tube' | 'spray' | 'jar' | 'bar' | 'ball' | 'box'

export type FormKey =
  | 'edt'
  | 'edp'
  | 'parfum'
  | 'extrait'
  | 'shower-gel'
  | 'shower-cream'
  | 'shower-oil'
  | 'body-lotion'
  | 'body-cream'
  | 'body-mist'
  | 'body-oil'
  | 'hand-cream'
  | 'sunscreen'
  | 'aftershave'
  | 'deodorant'
  | 'bath-foam'
  | 'bath-oil'
  | 'bath-milk'
  | 'bath-salt'
  | 'bath-bomb'
  | 'soap'

/** What a product is: a concentration of a perfume, or a body or bath product. */
export type Form = {
  key: FormKey
  slug: string
  name: Text
  // Russian participles agree with the noun: туалетная вода произведена, гель произведён.
  gender: 'm' | 'f' | 'n' | 'p'
  unit: 'ml' | 'g'
  volumes: number[]
  /** Category slug; null means the perfume category of the product's audience. */
  category: string | null
  shape: Shape
  priceFactor: number
  /** What it does for the skin; perfumes describe their notes instead. */
  benefit?: Text
}

const perfume = (
  key: FormKey,
  slug: string,
  name: Text,
  gender: Form['gender'],
  volumes: number[],
  priceFactor: number,
) => ({ key, slug, name, gender, unit: 'ml', volumes, category: null, shape: 'bottle', priceFactor }) satisfies Form

const care = (
  key: FormKey,
  name: Text,
  gender: Form['gender'],
  volumes: number[],
  category: string,
  shape: Shape,
  priceFactor: number,
  benefit: Text,
): Form => ({ key, slug: key, name, gender, unit: 'ml', volumes, category, shape, priceFactor, benefit })

export const forms: Record<FormKey, Form> = {
  edt: perfume('edt', 'eau-de-toilette', { ru: 'туалетная вода', uz: 'туалет суви' }, 'f', [100, 50, 30, 200], 1),
  edp: perfume('edp', 'eau-de-parfum', { ru: 'парфюмерная вода', uz: 'парфюм суви' }, 'f', [100, 50, 30, 90], 1.2),
  parfum: perfume('parfum', 'parfum', { ru: 'духи', uz: 'атир' }, 'p', [100, 50, 30], 1.45),
  extrait: perfume('extrait', 'extrait-de-parfum', { ru: 'экстракт духов', uz: 'атир экстракти' }, 'm', [50, 30], 1.6),
  'shower-gel': {
    key: 'shower-gel',
    slug: 'shower-gel',
    name: { ru: 'гель для душа', uz: 'душ гели' },
    gender: 'm',
    unit: 'ml',
    volumes: [200, 150],
    category: 'shower-gels',
    shape: 'tube',
    priceFactor: 0.8,
    benefit: {
      ru: 'Мягко очищает кожу, не сушит её и оставляет лёгкий шлейф аромата.',
      uz: 'Терини юмшоқ тозалайди, уни қуритмайди ва енгил ифор изини қолдиради.',
    },
  },
  'shower-cream': care(
    'shower-cream',
    { ru: 'крем для душа', uz: 'душ учун крем' },
    'm',
    [200, 400],
    'shower-gels',
    'tube',
    0.85,
    {
      ru: 'Кремовая текстура бережно очищает кожу и не стягивает её.',
      uz: 'Кремсимон таркиби терини авайлаб тозалайди ва уни таранг қилмайди.',
    },
  ),
  'shower-oil': care(
    'shower-oil',
    { ru: 'масло для душа', uz: 'душ учун мой' },
    'n',
    [200, 100],
    'shower-gels',
    'bottle',
    0.95,
    {
      ru: 'С водой масло превращается в мягкую пенку и подходит даже для очень сухой кожи.',
      uz: 'Мой сув билан майин кўпикка айланади ва ҳатто жуда қуруқ тери учун ҳам мос келади.',
    },
  ),
  'body-oil': care(
    'body-oil',
    { ru: 'масло для тела', uz: 'тана учун мой' },
    'n',
    [100, 50],
    'body-lotions',
    'bottle',
    1.2,
    {
      ru: 'Питает кожу, придаёт ей сияние и приятно скользит при массаже.',
      uz: 'Терини озиқлантиради, унга ёрқинлик беради ва массаж пайтида енгил сирпанади.',
    },
  ),
  'hand-cream': care(
    'hand-cream',
    { ru: 'крем для рук', uz: 'қўл учун крем' },
    'm',
    [75, 30],
    'body-lotions',
    'tube',
    0.6,
    {
      ru: 'Смягчает сухую кожу рук и быстро впитывается, не оставляя липкости.',
      uz: 'Қўлларнинг қуруқ терисини юмшатади ва ёпишқоқлик қолдирмай тез сингади.',
    },
  ),
  sunscreen: care(
    'sunscreen',
    { ru: 'солнцезащитный крем', uz: 'қуёшдан ҳимояловчи крем' },
    'm',
    [200, 50],
    'sun-care',
    'tube',
    1,
    {
      ru: 'Защищает кожу от лучей UVA и UVB; наносите перед выходом на улицу и обновляйте каждые два часа.',
      uz: 'Терини UVA ва UVB нурларидан ҳимоя қилади; кўчага чиқишдан олдин суртинг ва ҳар икки соатда янгиланг.',
    },
  ),
  aftershave: care(
    'aftershave',
    { ru: 'лосьон после бритья', uz: 'соқол олгандан кейинги лосьон' },
    'm',
    [100, 150],
    'shaving',
    'bottle',
    0.8,
    {
      ru: 'Успокаивает кожу после бритья, снимает раздражение и освежает.',
      uz: 'Соқол олгандан кейин терини тинчлантиради, қизаришни кетказади ва тетиклаштиради.',
    },
  ),
  'bath-oil': care(
    'bath-oil',
    { ru: 'масло для ванны', uz: 'ванна учун мой' },
    'n',
    [200, 100],
    'bath-foams',
    'bottle',
    1,
    {
      ru: 'Несколько капель в воде наполняют ванную ароматом и смягчают кожу.',
      uz: 'Сувга томизилган бир неча томчи ваннахонани ифорга тўлдиради ва терини юмшатади.',
    },
  ),
  'bath-milk': care(
    'bath-milk',
    { ru: 'молочко для ванны', uz: 'ванна учун сут' },
    'n',
    [200, 100],
    'bath-foams',
    'bottle',
    0.9,
    {
      ru: 'Делает воду мягкой, а кожу — нежной и увлажнённой.',
      uz: 'Сувни юмшоқ, терини эса нозик ва намланган қилади.',
    },
  ),
  'body-lotion': {
    key: 'body-lotion',
    slug: 'body-lotion',
    name: { ru: 'лосьон для тела', uz: 'тана учун лосьон' },
    gender: 'm',
    unit: 'ml',
    volumes: [200, 100],
    category: 'body-lotions',
    shape: 'tube',
    priceFactor: 1,
    benefit: {
      ru: 'Быстро впитывается, увлажняет и смягчает кожу на весь день.',
      uz: 'Тез сингади, терини кун бўйи намлайди ва юмшатади.',
    },
  },
  'body-cream': {
    key: 'body-cream',
    slug: 'body-cream',
    name: { ru: 'крем для тела', uz: 'тана учун крем' },
    gender: 'm',
    unit: 'ml',
    volumes: [150, 50],
    category: 'body-lotions',
    shape: 'jar',
    priceFactor: 1.15,
    benefit: {
      ru: 'Насыщенная текстура питает сухую кожу и делает её бархатистой.',
      uz: 'Қуюқ таркиби қуруқ терини озиқлантиради ва уни бахмалдек майин қилади.',
    },
  },
  'body-mist': {
    key: 'body-mist',
    slug: 'body-mist',
    name: { ru: 'спрей для тела', uz: 'тана учун спрей' },
    gender: 'm',
    unit: 'ml',
    volumes: [150, 90],
    category: 'body-mists',
    shape: 'spray',
    priceFactor: 0.9,
    benefit: {
      ru: 'Лёгкий спрей освежает в течение дня, его можно наносить на кожу и волосы.',
      uz: 'Енгил спрей кун давомида тетиклаштиради, уни терига ва сочга сепиш мумкин.',
    },
  },
  deodorant: {
    key: 'deodorant',
    slug: 'deodorant',
    name: { ru: 'дезодорант', uz: 'дезодорант' },
    gender: 'm',
    unit: 'ml',
    volumes: [150, 75],
    category: 'deodorants',
    shape: 'spray',
    priceFactor: 0.7,
    benefit: {
      ru: 'Дарит ощущение свежести на весь день и не оставляет следов на одежде.',
      uz: 'Кун бўйи тозалик ҳиссини беради ва кийимда из қолдирмайди.',
    },
  },
  'bath-foam': {
    key: 'bath-foam',
    slug: 'bath-foam',
    name: { ru: 'пена для ванны', uz: 'ванна учун кўпик' },
    gender: 'f',
    unit: 'ml',
    volumes: [200, 150],
    category: 'bath-foams',
    shape: 'tube',
    priceFactor: 0.85,
    benefit: {
      ru: 'Даёт густую пышную пену и помогает расслабиться после долгого дня.',
      uz: 'Қалин ва майин кўпик ҳосил қилади, узоқ кундан кейин ҳордиқ чиқаришга ёрдам беради.',
    },
  },
  'bath-salt': {
    key: 'bath-salt',
    slug: 'bath-salt',
    name: { ru: 'соль для ванны', uz: 'ванна учун туз' },
    gender: 'f',
    unit: 'g',
    volumes: [500, 250],
    category: 'bath-salts',
    shape: 'jar',
    priceFactor: 0.75,
    benefit: {
      ru: 'Минералы морской соли смягчают воду и снимают усталость.',
      uz: 'Денгиз тузи минераллари сувни юмшатади ва чарчоқни олади.',
    },
  },
  'bath-bomb': {
    key: 'bath-bomb',
    slug: 'bath-bomb',
    name: { ru: 'бомбочка для ванны', uz: 'ванна учун бомбочка' },
    gender: 'f',
    unit: 'g',
    volumes: [150, 100],
    category: 'bath-salts',
    shape: 'ball',
    priceFactor: 0.5,
    benefit: {
      ru: 'Шипит и растворяется в воде, наполняя ванную комнату ароматом.',
      uz: 'Сувда кўпириб эрийди ва ваннахонани ифорга тўлдиради.',
    },
  },
  soap: {
    key: 'soap',
    slug: 'soap',
    name: { ru: 'мыло', uz: 'совун' },
    gender: 'n',
    unit: 'g',
    volumes: [150, 100],
    category: 'soap',
    shape: 'bar',
    priceFactor: 0.5,
    benefit: {
      ru: 'Бережно очищает кожу рук и тела и сохраняет её естественный баланс.',
      uz: 'Қўл ва тана терисини авайлаб тозалайди ҳамда унинг табиий мувозанатини сақлайди.',
    },
  },
}

export const units: Record<'ml' | 'g', Text> = { ml: { ru: 'мл', uz: 'мл' }, g: { ru: 'г', uz: 'г' } }
