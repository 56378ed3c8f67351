import type { FormKey } from './forms.ts'
import type { Family, Pyramid } from './notes.ts'

type Famous = { brand: string; line: string; family: Family; pyramid?: Pyramid; concentrations?: FormKey[] }

/**
 * The best-known lines, best first: they are generated before everything else,
 * so even a 200-product seed has them. Notes are the published ones.
 */
export const famous: Famous[] = [
  {
    brand: 'dior',
    line: 'Sauvage',
    concentrations: ['edt', 'edp', 'parfum'],
    family: 'fresh',
    pyramid: [
      ['bergamot', 'pinkPepper'],
      ['lavender', 'geranium'],
      ['ambroxan', 'cedar'],
    ],
  },
  {
    brand: 'chanel',
    line: 'Coco Mademoiselle',
    concentrations: ['edp', 'edt', 'parfum'],
    family: 'floral',
    pyramid: [
      ['orange', 'bergamot'],
      ['rose', 'jasmine'],
      ['patchouli', 'vetiver', 'vanilla'],
    ],
  },
  {
    brand: 'chanel',
    line: 'N°5',
    concentrations: ['edp', 'parfum', 'edt'],
    family: 'floral',
    pyramid: [
      ['aldehydes', 'bergamot'],
      ['jasmine', 'rose', 'iris'],
      ['sandalwood', 'vanilla', 'vetiver'],
    ],
  },
  {
    brand: 'giorgio-armani',
    line: 'Armani Code',
    concentrations: ['edt', 'edp', 'parfum'],
    family: 'oriental',
    pyramid: [
      ['bergamot', 'lemon'],
      ['anise', 'oliveBlossom'],
      ['tonka', 'leather', 'tobacco'],
    ],
  },
  {
    brand: 'lancome',
    line: 'La Vie Est Belle',
    concentrations: ['edp', 'extrait'],
    family: 'gourmand',
    pyramid: [
      ['blackcurrant', 'pear'],
      ['iris', 'jasmine', 'orangeBlossom'],
      ['praline', 'vanilla', 'patchouli'],
    ],
  },
  {
    brand: 'dolce-gabbana',
    line: 'Light Blue',
    concentrations: ['edt', 'edp'],
    family: 'fresh',
    pyramid: [
      ['lemon', 'apple'],
      ['jasmine', 'rose'],
      ['cedar', 'musk', 'amber'],
    ],
  },
  {
    brand: 'yves-saint-laurent',
    line: 'Black Opium',
    concentrations: ['edp', 'edt'],
    family: 'gourmand',
    pyramid: [
      ['pinkPepper', 'orangeBlossom', 'pear'],
      ['coffee', 'jasmine'],
      ['vanilla', 'patchouli', 'cedar'],
    ],
  },
  {
    brand: 'rabanne',
    line: '1 Million',
    concentrations: ['edt', 'parfum'],
    family: 'oriental',
    pyramid: [
      ['grapefruit', 'mint', 'mandarin'],
      ['rose', 'cinnamon'],
      ['leather', 'amber'],
    ],
  },
  {
    brand: 'versace',
    line: 'Eros',
    concentrations: ['edt', 'edp', 'parfum'],
    family: 'fresh',
    pyramid: [
      ['mint', 'apple', 'lemon'],
      ['tonka', 'geranium'],
      ['vanilla', 'vetiver', 'cedar'],
    ],
  },
  {
    brand: 'tom-ford',
    line: 'Black Orchid',
    concentrations: ['edp', 'parfum'],
    family: 'oriental',
    pyramid: [
      ['truffle', 'bergamot', 'blackcurrant'],
      ['orchid', 'jasmine'],
      ['patchouli', 'vanilla', 'incense'],
    ],
  },
  {
    brand: 'chanel',
    line: 'Bleu de Chanel',
    family: 'woody',
    pyramid: [
      ['grapefruit', 'lemon', 'mint'],
      ['jasmine', 'pinkPepper'],
      ['incense', 'cedar', 'sandalwood'],
    ],
  },
  {
    brand: 'creed',
    line: 'Aventus',
    family: 'fruity',
    pyramid: [
      ['apple', 'bergamot', 'blackcurrant'],
      ['rose', 'jasmine'],
      ['musk', 'amber', 'patchouli'],
    ],
  },
  {
    brand: 'dior',
    line: "J'adore",
    family: 'floral',
    pyramid: [
      ['pear', 'mandarin'],
      ['jasmine', 'rose', 'tuberose'],
      ['musk', 'vanilla'],
    ],
  },
  {
    brand: 'yves-saint-laurent',
    line: 'Libre',
    family: 'floral',
    pyramid: [
      ['lavender', 'mandarin'],
      ['orangeBlossom', 'jasmine'],
      ['vanilla', 'musk', 'cedar'],
    ],
  },
  {
    brand: 'maison-francis-kurkdjian',
    line: 'Baccarat Rouge 540',
    family: 'oriental',
    pyramid: [
      ['saffron', 'jasmine'],
      ['amber', 'cedar'],
      ['musk', 'ambroxan'],
    ],
  },
  {
    brand: 'carolina-herrera',
    line: 'Good Girl',
    family: 'gourmand',
    pyramid: [
      ['almond', 'coffee'],
      ['tuberose', 'jasmine'],
      ['tonka', 'praline', 'sandalwood'],
    ],
  },
  {
    brand: 'giorgio-armani',
    line: 'Acqua di Giò',
    family: 'aquatic',
    pyramid: [
      ['lemon', 'bergamot', 'seaSalt'],
      ['jasmine', 'sage'],
      ['cedar', 'musk', 'patchouli'],
    ],
  },
  {
    brand: 'rabanne',
    line: 'Invictus',
    family: 'aquatic',
    pyramid: [
      ['grapefruit', 'seaSalt', 'mandarin'],
      ['jasmine', 'lavender'],
      ['amber', 'patchouli', 'musk'],
    ],
  },
  {
    brand: 'jean-paul-gaultier',
    line: 'Le Male',
    family: 'oriental',
    pyramid: [
      ['lavender', 'mint', 'cardamom'],
      ['orangeBlossom', 'cinnamon'],
      ['vanilla', 'tonka', 'sandalwood'],
    ],
  },
  { brand: 'dior', line: 'Miss Dior', family: 'floral' },
  { brand: 'lancome', line: 'Idôle', family: 'floral' },
  {
    brand: 'tom-ford',
    line: 'Tobacco Vanille',
    family: 'oriental',
    pyramid: [
      ['tobacco', 'cinnamon'],
      ['tonka', 'coffee'],
      ['vanilla', 'amber'],
    ],
  },
  { brand: 'gucci', line: 'Bloom', family: 'floral' },
  { brand: 'prada', line: 'Paradoxe', family: 'floral' },
  { brand: 'givenchy', line: "L'Interdit", family: 'floral' },
  { brand: 'hugo-boss', line: 'Boss Bottled', family: 'woody' },
  { brand: 'kilian', line: "Love, Don't Be Shy", family: 'gourmand' },
  { brand: 'viktor-rolf', line: 'Flowerbomb', family: 'floral' },
  { brand: 'mugler', line: 'Alien', family: 'oriental' },
  { brand: 'chanel', line: 'Chance Eau Tendre', family: 'fruity' },
  { brand: 'versace', line: 'Bright Crystal', family: 'floral' },
  { brand: 'lattafa', line: 'Khamrah', family: 'gourmand' },
  { brand: 'parfums-de-marly', line: 'Layton', family: 'woody' },
  { brand: 'byredo', line: 'Gypsy Water', family: 'woody' },
  { brand: 'le-labo', line: 'Santal 33', family: 'woody' },
  { brand: 'victorias-secret', line: 'Bombshell', family: 'fruity' },
  // Bestsellers of body and bath care, so a small catalogue fills those shelves too.
  { brand: 'bath-and-body-works', line: 'Japanese Cherry Blossom Fine Fragrance Mist', family: 'floral' },
  { brand: 'dior', line: 'Sauvage Shower Gel', family: 'fresh' },
  { brand: 'nivea', line: 'Nivea Creme', family: 'floral' },
  { brand: 'estee-lauder', line: 'Youth-Dew Bath Oil', family: 'oriental' },
  { brand: 'sol-de-janeiro', line: 'Brazilian Bum Bum Cream', family: 'gourmand' },
  { brand: 'dove', line: 'Beauty Bar', family: 'floral' },
  { brand: 'victorias-secret', line: 'Bare Vanilla Body Mist', family: 'gourmand' },
  { brand: 'old-spice', line: 'Whitewater Deodorant', family: 'aquatic' },
  { brand: 'weleda', line: 'Lavender Relaxing Bath Milk', family: 'floral' },
  { brand: 'elizabeth-arden', line: 'Eight Hour Cream', family: 'woody' },
  { brand: 'bath-and-body-works', line: 'Champagne Toast Shower Gel', family: 'fruity' },
  { brand: 'loccitane', line: 'Shea Butter Hand Cream', family: 'floral' },
]

export const famousKey = (brand: string, line: string) => `${brand}\u0000${line}`
export const fameRank = new Map(famous.map((f, rank) => [famousKey(f.brand, f.line), rank]))
export const famousByKey = new Map(famous.map((f) => [famousKey(f.brand, f.line), f]))
