import type { LinePlan, Variant } from './lines.ts'
import { linePlans } from './lines.ts'
import { nth } from './random.ts'

export type Modifier = 'tester' | 'travel' | 'gift'

/** One product to create: a size of a line, maybe a tester, a miniature, a gift set or an edition. */
export type Draft = {
  plan: LinePlan
  variant: Variant
  modifier: Modifier | null
  edition: string | null
  /** Index of the pass over the lines that produced it; 0 is each line's main product. */
  pass: number
}

const editions = ['Limited Edition', 'Collector Edition', 'Holiday Edition', 'Summer Edition', 'Anniversary Edition']

/** Edition 1 is "Limited Edition", 6 is "Limited Edition 2" and so on, without end. */
export function editionName(n: number): string {
  const i = n - 1
  const round = Math.floor(i / editions.length)
  return round === 0 ? nth(editions, i) : `${nth(editions, i)} ${round + 1}`
}

const isPerfume = (variant: Variant) => variant.form.category === null

function applies(modifier: Modifier | null, variant: Variant): boolean {
  if (modifier === 'tester') return isPerfume(variant)
  if (modifier === 'travel') return isPerfume(variant) && variant.volume === variant.form.volumes[0]
  return true
}

// A gift set is either a line's own gift variant or the gift modifier; both make the same product.
const draftKey = (d: Draft) =>
  [
    d.plan.slug,
    d.variant.form.key,
    d.variant.volume,
    d.variant.gift || d.modifier === 'gift',
    d.modifier === 'gift' ? null : d.modifier,
    d.edition,
  ].join('|')

// A line's next size comes after this many other lines' sizes: the best-known
// lines show several sizes early while a small catalogue still covers every brand.
const passWeight = 40
// The ten best-known lines come in twice as many sizes as the rest.
const topPassWeight = 20

function realDrafts(plans: LinePlan[]): Draft[] {
  const cells = plans.flatMap((plan, i) =>
    plan.variants.map((variant, pass) => ({
      key: i + pass * (plan.rank < 10 ? topPassWeight : passWeight),
      draft: { plan, variant, modifier: null, edition: null, pass },
    })),
  )
  cells.sort((a, b) => a.key - b.key || a.draft.pass - b.draft.pass)
  return cells.map((c) => c.draft)
}

function* sweep(
  plans: LinePlan[],
  passes: number,
  edition: string | null,
  modifier: Modifier | null,
): Generator<Draft> {
  for (let pass = 0; pass < passes; pass++) {
    for (const plan of plans) {
      const variant = plan.variants[pass]
      if (!variant || (modifier && variant.gift) || !applies(modifier, variant)) continue
      yield { plan, variant, modifier, edition, pass: passes + pass }
    }
  }
}

// Real sizes first; when they run out (large benchmark catalogues) testers,
// miniatures, gift sets and numbered editions follow.
function* allDrafts(): Generator<Draft> {
  const plans = linePlans()
  const passes = Math.max(...plans.map((p) => p.variants.length))
  yield* realDrafts(plans)
  for (let n = 0; ; n++) {
    const edition = n === 0 ? null : editionName(n)
    const modifiers: Array<Modifier | null> =
      n === 0 ? ['tester', 'travel', 'gift'] : [null, 'tester', 'travel', 'gift']
    for (const modifier of modifiers) yield* sweep(plans, passes, edition, modifier)
  }
}

/** The first `count` drafts, each a different product. */
export function drafts(count: number): Draft[] {
  const seen = new Set<string>()
  const result: Draft[] = []
  for (const draft of allDrafts()) {
    if (result.length >= count) break
    const key = draftKey(draft)
    if (seen.has(key)) continue
    seen.add(key)
    result.push(draft)
  }
  return result
}
