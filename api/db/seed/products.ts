import type { Concentration, SizeKind } from '../../../contract/product-lines.ts'
import type { Localized } from '../../http/locale.ts'
import { bodyBasePrice, countryOfMake, isNiche, perfumeBasePrice } from './brand-traits.ts'
import { describe, type Remark } from './describe.ts'
import { fiscalCodes } from './fiscal.ts'
import { type Shape, units } from './forms.ts'
import { hashString, nth, type Random, randomFor } from './random.ts'
import { searchKey } from './search-key.ts'
import { slugify } from './slug.ts'
import { joinLocalized, localize, type Text } from './text.ts'
import { type Draft, drafts, type Modifier } from './variants.ts'

export type ProductSeed = {
  slug: string
  title: Localized
  description: Localized
  brandSlug: string
  audience: 'women' | 'men' | 'unisex'
  country: string
  releaseYear: number
  volume: number
  unit: 'ml' | 'g'
  price: number
  salePrice: number | null
  stock: number
  ikpu: string
  packageCode: string
  isRecommendation: boolean
  popularity: number
  /** A famous line: more buyers, more reviews (reviews.ts). Not a column. */
  famous: boolean
  /** What its reviews talk about. Not a column. */
  kind: 'perfume' | 'care'
  /** The line's name and local spellings, kept so rebuilding the search key keeps them. */
  aliases: string[]
  searchKey: string
  createdAt: Date
  categories: string[]
  /** A perfume's concentration (its form); null for body and bath products. */
  concentration: Concentration | null
  /** A tester or a travel miniature of the line's bottle; null for the regular one. */
  sizeKind: SizeKind | null
  /** The product line its sizes and forms share (seedCatalogue groups them). Not a column. */
  line: LineSeed | null
  /** The line's pictures, shared by all its products of one shape. */
  picture: ProductPicture
}

/** What a product's two demo pictures show (images.ts draws them): its line's, in the shape of its form. */
export type ProductPicture = { lineSlug: string; shape: Shape; hue: number; brand: string; line: string }

/** Which line a product joins: products with the same key are one line's choices. */
export type LineSeed = { key: string; name: string }

// Content dates count back from a fixed day, never from the clock, so a seed is repeatable.
export const referenceDate = Date.UTC(2026, 10, 1)
const twoYears = 730 * 24 * 3600

const travelVolume = 10

const modifierNames: Record<Modifier, Text> = {
  tester: { ru: 'тестер', uz: 'тестер' },
  travel: { ru: 'миниатюра', uz: 'миниатюра' },
  gift: { ru: 'подарочный набор', uz: 'совға тўплами' },
}
const modifierSlugs: Record<Modifier, string> = { tester: 'tester', travel: 'mini', gift: 'gift-set' }

const audienceCategory = { women: 'womens-perfume', men: 'mens-perfume', unisex: 'unisex-perfume' }

const roundThousand = (sum: number) => Math.max(1000, Math.round(sum / 1000) * 1000)
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

const concentrationForms: Partial<Record<string, Concentration>> = {
  edt: 'edt',
  edp: 'edp',
  parfum: 'parfum',
  extrait: 'extrait',
}

/**
 * A fragrance's concentrations, sizes, testers and miniatures are one line;
 * a body or bath product's volumes another line per form ("Sauvage" and its
 * shower gel are different things to choose between). Gift sets stay apart:
 * a set is not a size.
 */
function lineOf(d: Draft): LineSeed | null {
  if (modifierOf(d) === 'gift') return null
  const name = d.edition ? `${d.plan.displayName} ${d.edition}` : d.plan.displayName
  if (isPerfume(d)) return { key: slugify(`${d.plan.slug} ${d.edition ?? ''}`), name }
  // "Sauvage Shower Gel" is named for its form already.
  const form = d.plan.slug.includes(d.variant.form.slug) ? '' : d.variant.form.slug
  return {
    key: slugify(`${d.plan.slug} ${d.edition ?? ''} ${form}`),
    name: form ? `${name}, ${d.variant.form.name.ru}` : name,
  }
}

const modifierOf = (d: Draft): Modifier | null => (d.variant.gift ? 'gift' : d.modifier)
const volumeOf = (d: Draft) => (d.modifier === 'travel' ? travelVolume : d.variant.volume)
const isPerfume = (d: Draft) => d.variant.form.category === null

// Title pieces, each localised once: "Dior Sauvage", "туалетная вода", "100 мл".
function titlePieces(d: Draft): Text[] {
  const { form } = d.variant
  const name = d.edition ? `${d.plan.displayName} ${d.edition}` : d.plan.displayName
  const modifier = modifierOf(d)
  const unit = units[form.unit]
  const size = { ru: `${volumeOf(d)} ${unit.ru}`, uz: `${volumeOf(d)} ${unit.uz}` }
  return [{ ru: name, uz: name }, form.name, ...(modifier ? [modifierNames[modifier]] : []), size]
}

function price(d: Draft): number {
  const { form } = d.variant
  const brand = d.plan.brand.slug
  const jitter = 0.92 + (hashString(d.plan.slug) % 17) / 100
  const modifier = modifierOf(d)
  const factor =
    (modifier === 'tester' ? 0.85 : modifier === 'gift' ? 1.2 : modifier === 'travel' ? 1.1 : 1) * (d.edition ? 1.1 : 1)
  if (isPerfume(d)) {
    const sum = perfumeBasePrice(brand) * form.priceFactor * (volumeOf(d) / 100) ** 0.75 * jitter * factor
    return roundThousand(clamp(sum, 150_000, 4_500_000))
  }
  const sum = bodyBasePrice(brand) * form.priceFactor * (volumeOf(d) / nth(form.volumes, 0)) ** 0.7 * jitter * factor
  return roundThousand(clamp(sum, 40_000, 400_000))
}

function salePrice(price: number, random: Random): number | null {
  if (!random.chance(0.2)) return null
  const sale = roundThousand(price * (1 - random.int(10, 40) / 100))
  return sale < price ? sale : null
}

function categories(d: Draft): string[] {
  const { form } = d.variant
  const gift = modifierOf(d) === 'gift'
  if (form.category) return gift ? [form.category, 'gift-sets'] : [form.category]
  const audience = audienceCategory[d.plan.line.audience]
  if (gift) return [audience, 'gift-sets']
  return isNiche(d.plan.brand.slug) ? [audience, 'niche-perfume'] : [audience]
}

function popularity(d: Draft, random: Random): number {
  const famous = Number.isFinite(d.plan.rank)
  const base = famous ? 1000 - d.plan.rank * 12 - random.int(0, 40) : random.int(0, 600)
  const derived = d.modifier || d.edition ? 0.5 : 1
  return clamp(Math.round(base * derived * (d.pass === 0 ? 1 : 0.8)), 0, 1000)
}

function remarks(modifier: Modifier | null, edition: string | null): Remark[] {
  const list: Remark[] = []
  if (modifier) list.push(modifier === 'gift' ? 'gift-set' : modifier)
  if (edition) list.push('limited')
  return list
}

// "dior-sauvage-eau-de-toilette-100-ml"; a line named after its form keeps one mention of it.
function productSlug(d: Draft, modifier: Modifier | null, volume: number): string {
  const name = slugify(d.plan.displayName)
  const form = name.includes(d.variant.form.slug) ? null : d.variant.form.slug
  const parts = [
    name,
    d.edition && slugify(d.edition),
    form,
    modifier && modifierSlugs[modifier],
    volume,
    d.variant.form.unit,
  ]
  return parts.filter(Boolean).join('-')
}

function uniqueSlug(base: string, taken: Map<string, number>): string {
  const count = (taken.get(base) ?? 0) + 1
  taken.set(base, count)
  return count === 1 ? base : `${base}-${count}`
}

function product(d: Draft, taken: Map<string, number>): ProductSeed {
  const { plan, variant } = d
  const { brand, line } = plan
  const modifier = modifierOf(d)
  const volume = volumeOf(d)
  const unit = variant.form.unit
  const slug = uniqueSlug(productSlug(d, modifier, volume), taken)
  const random = randomFor(slug)
  const famous = Number.isFinite(plan.rank)
  const names = joinLocalized(titlePieces(d).map(localize), ', ')
  const cost = price(d)
  const country = countryOfMake(brand.slug, brand.country)
  const wording = random.int(0, 1)
  return {
    slug,
    title: names,
    // Made when read (a product's row, a thousand at a time): a 100,000-product seed's descriptions held
    // at once would take some 200 MB of heap.
    get description() {
      return describe({
        name: plan.displayName,
        brand: brand.name,
        audience: line.audience,
        lineKind: line.kind,
        year: line.year,
        family: plan.family,
        pyramid: plan.pyramid,
        form: variant.form,
        volume,
        country,
        remarks: remarks(modifier, d.edition),
        variant: wording,
      })
    },
    brandSlug: brand.slug,
    audience: line.audience,
    country,
    releaseYear: line.year,
    volume,
    unit,
    price: cost,
    salePrice: salePrice(cost, random),
    stock: random.chance(0.08) ? 0 : random.int(1, 60),
    ...fiscalCodes(variant.form.key),
    concentration: concentrationForms[variant.form.key] ?? null,
    sizeKind: modifier === 'tester' || modifier === 'travel' ? modifier : null,
    line: lineOf(d),
    isRecommendation: (famous && plan.rank < 10 && d.pass === 0) || random.chance(0.1),
    popularity: popularity(d, random),
    famous,
    kind: isPerfume(d) ? 'perfume' : 'care',
    aliases: plan.spellings,
    // Token for token what productSearchKey (api/catalogue/search-key.ts) builds; a test holds them equal.
    searchKey: searchKey(
      [brand.name, names.ru, names.sr, names.uz],
      [...brand.aliases, ...plan.spellings, `${volume} ${unit}`],
    ),
    createdAt: new Date((referenceDate / 1000 - random.int(0, twoYears)) * 1000),
    categories: categories(d),
    picture: pictureOf(d),
  }
}

/** A draft's pictures: the product's, known without making the product (the seed's picture step needs only these). */
export function pictureOf(d: Draft): ProductPicture {
  const { plan, variant } = d
  return {
    lineSlug: plan.slug,
    shape: modifierOf(d) === 'gift' ? 'box' : variant.form.shape,
    hue: plan.hue,
    brand: plan.brand.name,
    line: plan.line.name,
  }
}

/** The catalogue's products, the same ones in the same order for the same count. */
export function generateProducts(count: number): ProductSeed[] {
  const taken = new Map<string, number>()
  return drafts(count).map((d) => product(d, taken))
}
