/**
 * The row a statement cannot fail to return: an INSERT … RETURNING, or a
 * lookup by a key the caller holds a reference to. A missing row here is a
 * broken invariant, so it throws rather than letting `undefined` travel on.
 */
export function oneRow<T>(rows: readonly T[]): T {
  const [row] = rows
  if (row === undefined) throw new Error('expected a row, the statement returned none')
  return row
}
