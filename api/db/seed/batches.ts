/** Runs `insert` on consecutive slices, keeping each statement well under PostgreSQL's 65,535 parameters. */
export async function inBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size))
}
