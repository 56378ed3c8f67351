import type { Text } from './text.ts'

export type Family = 'fresh' | 'floral' | 'woody' | 'oriental' | 'gourmand' | 'aquatic' | 'fruity'

const n = (ru: string, uz: string): Text => ({ ru, uz })

export const note = {
  bergamot: n('бергамот', 'бергамот'),
  lemon: n('лимон', 'лимон'),
  mandarin: n('мандарин', 'мандарин'),
  orange: n('апельсин', 'апельсин'),
  grapefruit: n('грейпфрут', 'грейпфрут'),
  pinkPepper: n('розовый перец', 'пушти қалампир'),
  cardamom: n('кардамон', 'кардамон'),
  mint: n('мята', 'ялпиз'),
  apple: n('яблоко', 'олма'),
  pear: n('груша', 'нок'),
  blackcurrant: n('чёрная смородина', 'қора смородина'),
  raspberry: n('малина', 'малина'),
  peach: n('персик', 'шафтоли'),
  cherry: n('вишня', 'олча'),
  seaSalt: n('морская соль', 'денгиз тузи'),
  greenTea: n('зелёный чай', 'кўк чой'),
  saffron: n('шафран', 'заъфарон'),
  cinnamon: n('корица', 'долчин'),
  aldehydes: n('альдегиды', 'альдегидлар'),
  truffle: n('трюфель', 'трюфель'),
  lavender: n('лаванда', 'лаванда'),
  rose: n('роза', 'атиргул'),
  jasmine: n('жасмин', 'жасмин'),
  peony: n('пион', 'пион'),
  iris: n('ирис', 'ирис'),
  orangeBlossom: n('цветок апельсина', 'апельсин гули'),
  tuberose: n('тубероза', 'тубероза'),
  lilyOfTheValley: n('ландыш', 'марваридгул'),
  violet: n('фиалка', 'бинафша'),
  geranium: n('герань', 'ёронгул'),
  sage: n('шалфей', 'мармарак'),
  coffee: n('кофе', 'қаҳва'),
  cherryBlossom: n('цветок вишни', 'олча гули'),
  coconut: n('кокос', 'кокос'),
  honey: n('мёд', 'асал'),
  almond: n('миндаль', 'бодом'),
  orchid: n('орхидея', 'орхидея'),
  anise: n('анис', 'арпабодиён'),
  oliveBlossom: n('цветок оливы', 'зайтун гули'),
  amber: n('амбра', 'амбра'),
  musk: n('мускус', 'мушк'),
  vanilla: n('ваниль', 'ваниль'),
  tonka: n('бобы тонка', 'тонка ловияси'),
  sandalwood: n('сандаловое дерево', 'сандал дарахти'),
  cedar: n('кедр', 'кедр'),
  vetiver: n('ветивер', 'ветивер'),
  patchouli: n('пачули', 'пачули'),
  oud: n('уд', 'уд'),
  leather: n('кожа', 'тери'),
  tobacco: n('табак', 'тамаки'),
  incense: n('ладан', 'кундур'),
  praline: n('пралине', 'пралине'),
  caramel: n('карамель', 'карамель'),
  ambroxan: n('амброксан', 'амброксан'),
}

export type Note = keyof typeof note

/** Top, heart and base notes, two or three each. */
export type Pyramid = [top: Note[], heart: Note[], base: Note[]]

type FamilyTraits = {
  character: Text
  /** The same as an attribute of a care product: "с нежным цветочным ароматом". */
  scented: Text
  season: 'warm' | 'cold' | 'any'
  pools: [Note[], Note[], Note[]]
}

export const families: Record<Family, FamilyTraits> = {
  fresh: {
    character: { ru: 'свежий и бодрящий', uz: 'тароватли ва тетиклаштирувчи' },
    scented: { ru: 'со свежим бодрящим ароматом', uz: 'тароватли ва тетиклаштирувчи ифорли' },
    season: 'warm',
    pools: [
      ['bergamot', 'lemon', 'grapefruit', 'mint', 'cardamom'],
      ['lavender', 'geranium', 'sage', 'greenTea'],
      ['vetiver', 'cedar', 'musk', 'ambroxan'],
    ],
  },
  floral: {
    character: { ru: 'нежный цветочный', uz: 'нафис гулли' },
    scented: { ru: 'с нежным цветочным ароматом', uz: 'нафис гулли ифорли' },
    season: 'any',
    pools: [
      ['bergamot', 'mandarin', 'pear', 'pinkPepper'],
      ['rose', 'jasmine', 'peony', 'lilyOfTheValley', 'iris', 'tuberose'],
      ['musk', 'sandalwood', 'amber', 'patchouli'],
    ],
  },
  woody: {
    character: { ru: 'тёплый древесный', uz: 'илиқ ёғочли' },
    scented: { ru: 'с тёплым древесным ароматом', uz: 'илиқ ёғочли ифорли' },
    season: 'cold',
    pools: [
      ['bergamot', 'cardamom', 'pinkPepper', 'grapefruit'],
      ['iris', 'violet', 'lavender', 'sage'],
      ['cedar', 'sandalwood', 'vetiver', 'patchouli'],
    ],
  },
  oriental: {
    character: { ru: 'глубокий восточный', uz: 'чуқур шарқона' },
    scented: { ru: 'с глубоким восточным ароматом', uz: 'чуқур шарқона ифорли' },
    season: 'cold',
    pools: [
      ['saffron', 'cinnamon', 'cardamom', 'pinkPepper'],
      ['rose', 'orchid', 'incense', 'jasmine'],
      ['oud', 'amber', 'leather', 'tobacco', 'vanilla'],
    ],
  },
  gourmand: {
    character: { ru: 'сладкий гурманский', uz: 'ширин, ширинликларни эслатувчи' },
    scented: { ru: 'со сладким гурманским ароматом', uz: 'ширин, ширинликларни эслатувчи ифорли' },
    season: 'cold',
    pools: [
      ['pear', 'raspberry', 'mandarin', 'cherry'],
      ['coffee', 'almond', 'honey', 'orangeBlossom'],
      ['vanilla', 'praline', 'caramel', 'tonka'],
    ],
  },
  aquatic: {
    character: { ru: 'свежий морской', uz: 'денгиз шабадасидек тоза' },
    scented: { ru: 'со свежим морским ароматом', uz: 'денгиз шабадасидек тоза ифорли' },
    season: 'warm',
    pools: [
      ['seaSalt', 'lemon', 'mandarin', 'mint'],
      ['lavender', 'sage', 'jasmine', 'greenTea'],
      ['ambroxan', 'musk', 'cedar', 'vetiver'],
    ],
  },
  fruity: {
    character: { ru: 'сочный фруктовый', uz: 'ширали мевали' },
    scented: { ru: 'с сочным фруктовым ароматом', uz: 'ширали мевали ифорли' },
    season: 'warm',
    pools: [
      ['peach', 'apple', 'blackcurrant', 'raspberry', 'cherry'],
      ['peony', 'cherryBlossom', 'rose', 'coconut'],
      ['musk', 'vanilla', 'amber', 'sandalwood'],
    ],
  },
}

export const seasons: Record<FamilyTraits['season'], Text> = {
  warm: { ru: 'тёплого сезона', uz: 'илиқ фасл' },
  cold: { ru: 'прохладного сезона', uz: 'салқин фасл' },
  any: { ru: 'любого времени года', uz: 'йилнинг исталган фасли' },
}
