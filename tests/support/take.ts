type Tuple<T, N extends number, R extends T[] = []> = R['length'] extends N ? R : Tuple<T, N, [T, ...R]>

/** The first `n` items as a tuple, so a test can name them; fewer fail the test at once. */
export function take<T, N extends number>(items: readonly T[], n: N): Tuple<T, N> {
  if (items.length < n) throw new Error(`expected at least ${n} items, got ${items.length}`)
  return items.slice(0, n) as Tuple<T, N>
}
