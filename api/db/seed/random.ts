/** `items[n mod length]`: an index made from a hash or a counter always lands in the list. */
export function nth<T>(items: readonly T[], n: number): T {
  const item = items[n % items.length]
  if (item === undefined) throw new Error('nth: empty list')
  return item
}

/** A seeded stream of numbers in [0, 1): the same seed always gives the same stream. */
export type Random = {
  next(): number
  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number
  chance(probability: number): boolean
  pick<T>(items: readonly T[]): T
}

// mulberry32: tiny and fast; demo data needs repeatability, not cryptographic quality.
export function createRandom(seed: number): Random {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => nth(items, Math.floor(next() * items.length)),
  }
}

/** FNV-1a: turns a name into a seed, so a row's values depend only on its own name. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

export const randomFor = (name: string) => createRandom(hashString(name))
