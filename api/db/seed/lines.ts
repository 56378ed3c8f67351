import { isNiche } from './brand-traits.ts'
import { type BrandSeed, brands, type ProductLineSeed } from './brands.ts'
import { fameRank, famousByKey, famousKey } from './fame.ts'
import { type Form, type FormKey, forms } from './forms.ts'
import { type Family, families, type Note, type Pyramid } from './notes.ts'
import { hashString, nth, randomFor } from './random.ts'
import { slugify } from './slug.ts'

/** One sellable size of a line, before derived variants (testers, editions) are added. */
export type Variant = { form: Form; volume: number; gift: boolean }

export type LinePlan = {
  brand: BrandSeed
  line: ProductLineSeed
  /** Brand and line; names the line's pictures. */
  slug: string
  /** As on the bottle: "Dior Sauvage", but "Bleu de Chanel" rather than "Chanel Bleu de Chanel". */
  displayName: string
  /** The line's name and how shoppers type it, also the spellings of the line it extends. */
  spellings: string[]
  family: Family
  pyramid: Pyramid
  hue: number
  rank: number
  variants: Variant[]
}

// Body and bath lines are usually named after what they are ("Shower Gel", "Body Mist").
const namedForms: Array<[RegExp, FormKey]> = [
  [/shower cream|cream-gel/i, 'shower-cream'],
  [/shower oil/i, 'shower-oil'],
  [/shower gel|body wash|hand wash|cleanser|syndet/i, 'shower-gel'],
  [/bath oil/i, 'bath-oil'],
  [/bath milk/i, 'bath-milk'],
  [/bath foam|bubble/i, 'bath-foam'],
  [/bath salt/i, 'bath-salt'],
  [/bath bomb/i, 'bath-bomb'],
  [/beauty bar|soap/i, 'soap'],
  [/mist/i, 'body-mist'],
  [/deodorant|antiperspirant/i, 'deodorant'],
  [/aftershave/i, 'aftershave'],
  [/\bsun\b|soleil|solaire|anthelios|photoderm/i, 'sunscreen'],
  [/hand cream/i, 'hand-cream'],
  [/\boil\b/i, 'body-oil'],
  [/milk|lotion|\blait\b/i, 'body-lotion'],
  [/cream|cr[eè]me|butter|baume|balm|skin food|\bsoft\b/i, 'body-cream'],
]

const familyHints: Array<[RegExp, Family]> = [
  [/vanill|candy|bonbon|cafe|chocolate|sugar|cherry|khamrah|praline|sweet|cloud/i, 'gourmand'],
  [/oud|aoud|amber|ambre|tobacco|leather|noir|black|night|nuit|opium|myrrh|incense/i, 'oriental'],
  [/blue|bleu|aqua|acqua|water|cool|sea|mediterraneo|sport|marine|beach/i, 'aquatic'],
  [/rose|flower|bloom|peony|fleur|daisy|jasmin|iris|gardenia|lady|her\b|femme|woman|donna/i, 'floral'],
  [/pear|lime|fico|arancia|fruit|berry|pink|candy|apple/i, 'fruity'],
  [/wood|santal|cedar|vetiver|terre|tweed|oak/i, 'woody'],
]

const audienceFamilies: Record<ProductLineSeed['audience'], Family[]> = {
  women: ['floral', 'fruity', 'gourmand', 'floral'],
  men: ['fresh', 'woody', 'oriental', 'aquatic'],
  unisex: ['woody', 'oriental', 'fresh', 'floral'],
}

const defaultCareForms: Record<'women' | 'men' | 'unisex', FormKey[]> = {
  women: ['body-lotion', 'shower-gel', 'body-mist', 'body-cream'],
  men: ['shower-gel', 'deodorant', 'body-lotion'],
  unisex: ['shower-gel', 'body-lotion', 'body-cream'],
}
const defaultBathForms: FormKey[] = ['bath-foam', 'bath-salt', 'bath-bomb', 'soap']

const words = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3)

// Words of a brand name too common to count as the brand ("The Body Shop" vs "Body Butter").
const commonWords = new Set(['the', 'body', 'shop', 'bath', 'works', 'and', 'london', 'paris', 'maison', 'parfums'])

function displayName(brand: BrandSeed, line: ProductLineSeed): string {
  const brandWords = new Set(words(brand.name).filter((w) => !commonWords.has(w)))
  const lineWords = words(line.name)
  // A one-word name ("Nina", "Dolce") is only the brand's shorthand, not the whole name.
  const named = line.name.includes(' ') && lineWords.some((w) => brandWords.has(w))
  return named ? line.name : `${brand.name} ${line.name}`
}

// "Sauvage Shower Gel" is typed «соваж гель» as much as "Sauvage" is typed «соваж»:
// a line named after another line of its brand is found by that line's spellings too.
function spellings(brand: BrandSeed, line: ProductLineSeed): string[] {
  const extended = brand.lines.filter((other) => other !== line && line.name.startsWith(`${other.name} `))
  return [...new Set([line.name, ...(line.aliases ?? []), ...extended.flatMap((other) => other.aliases ?? [])])]
}

function familyOf(line: ProductLineSeed, hash: number): Family {
  const hinted = familyHints.find(([pattern]) => pattern.test(line.name))
  if (hinted) return hinted[1]
  const choices = audienceFamilies[line.audience]
  return nth(choices, hash)
}

function pyramidOf(family: Family, seedName: string): Pyramid {
  const random = randomFor(`notes:${seedName}`)
  const pickTwo = (pool: Note[]) => {
    const left = [...pool]
    return [0, 1].map(() => nth(left.splice(Math.floor(random.next() * left.length), 1), 0))
  }
  const [top, heart, base] = families[family].pools
  return [pickTwo(top), pickTwo(heart), pickTwo(base)]
}

function concentrations(brand: BrandSeed, line: ProductLineSeed, hash: number): FormKey[] {
  const famous = famousByKey.get(famousKey(brand.slug, line.name))
  if (famous?.concentrations) return famous.concentrations
  if (/eau de parfum/i.test(line.name)) return ['edp']
  if (/profumo|elixir|extrait/i.test(line.name)) return ['parfum']
  if (isNiche(brand.slug)) return ['edp', 'extrait']
  if (line.audience === 'men') return hash % 2 ? ['edt', 'edp', 'parfum'] : ['edt', 'edp']
  if (line.audience === 'women') return hash % 3 ? ['edp', 'edt'] : ['edp', 'edt', 'parfum']
  return ['edp', 'edt']
}

// Sizes ordered so every pass over the lines brings the next most likely one:
// the main concentration's big bottle first, rare sizes of rare concentrations last.
function diagonal(keys: FormKey[]): Variant[] {
  const cells = keys.flatMap((key, i) => forms[key].volumes.map((volume, j) => ({ i, j, form: forms[key], volume })))
  cells.sort((a, b) => a.i + a.j - (b.i + b.j) || a.i - b.i)
  return cells.map(({ form, volume }) => ({ form, volume, gift: false }))
}

// Body and bath products of a fragrance line; the bath one rotates so each kind turns up early.
function perfumeExtras(brand: BrandSeed, line: ProductLineSeed, turn: number): Variant[] {
  if (isNiche(brand.slug)) return []
  const bath = nth(['bath-foam', 'soap', 'bath-salt'] as const, turn)
  const keys: FormKey[] =
    line.audience === 'women'
      ? [bath, 'body-lotion', 'shower-gel']
      : line.audience === 'men'
        ? ['deodorant', 'shower-gel']
        : ['shower-gel']
  // "Sauvage Shower Gel" is its own line already; don't make the same product twice.
  const ownLines = brand.lines.filter((l) => l.kind !== 'perfume' && l.name.startsWith(`${line.name} `))
  const covered = new Set(ownLines.map((l) => namedForm(l)))
  return keys
    .filter((key) => !covered.has(key))
    .map((key) => ({ form: forms[key], volume: nth(forms[key].volumes, 0), gift: false }))
}

// Main bottle, its second size, the gift set, then other sizes and body products in turn.
function perfumeVariants(brand: BrandSeed, line: ProductLineSeed, hash: number, rank: number): Variant[] {
  const sizes = diagonal(concentrations(brand, line, hash))
  const extras = perfumeExtras(brand, line, Number.isFinite(rank) ? rank : hash)
  const variants: Variant[] = [...sizes.slice(0, 2), { ...nth(sizes, 0), gift: true }]
  const rest = sizes.slice(2)
  while (rest.length > 0 || extras.length > 0) {
    const extra = extras.shift()
    if (extra) variants.push(extra)
    const size = rest.shift()
    if (size) variants.push(size)
  }
  return variants
}

const namedForm = (line: ProductLineSeed) => namedForms.find(([pattern]) => pattern.test(line.name))?.[1]

function careVariants(line: ProductLineSeed): Variant[] {
  const named = namedForm(line)
  if (named) return diagonal([named])
  return diagonal(line.kind === 'bath' ? defaultBathForms : defaultCareForms[line.audience])
}

function plan(brand: BrandSeed, line: ProductLineSeed): LinePlan {
  const slug = slugify(`${brand.slug} ${line.name}`)
  const hash = hashString(slug)
  const famous = famousByKey.get(famousKey(brand.slug, line.name))
  const family = famous?.family ?? familyOf(line, hash)
  const rank = fameRank.get(famousKey(brand.slug, line.name)) ?? Number.POSITIVE_INFINITY
  return {
    brand,
    line,
    slug,
    displayName: displayName(brand, line),
    spellings: spellings(brand, line),
    family,
    pyramid: famous?.pyramid ?? pyramidOf(family, slug),
    hue: hash % 360,
    rank,
    variants: line.kind === 'perfume' ? perfumeVariants(brand, line, hash, rank) : careVariants(line),
  }
}

// Famous lines first in fame order, then the others taking turns brand by brand,
// so a small catalogue still shows many brands.
function order(plans: LinePlan[]): LinePlan[] {
  const ranked = plans.filter((p) => Number.isFinite(p.rank)).sort((a, b) => a.rank - b.rank)
  const queues = brands.map((b) => plans.filter((p) => p.brand === b && !Number.isFinite(p.rank)))
  const rest: LinePlan[] = []
  for (let round = 0; queues.some((q) => q.length > round); round++) {
    for (const queue of queues) {
      const plan = queue[round]
      if (plan) rest.push(plan)
    }
  }
  return [...ranked, ...rest]
}

let cached: LinePlan[] | undefined

/** Every line of every brand, in the order products are generated. */
export function linePlans(): LinePlan[] {
  cached ??= order(brands.flatMap((brand) => brand.lines.map((line) => plan(brand, line))))
  return cached
}
