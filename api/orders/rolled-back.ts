/**
 * Runs `work` to its end, or, when it calls `rollBack(value)` inside a
 * transaction, rolls that transaction back and answers `value`: a preview
 * runs the same code as the change itself and writes nothing.
 */
export async function orRolledBack<T>(work: (rollBack: (value: T) => never) => Promise<T>): Promise<T> {
  class RolledBack extends Error {
    constructor(readonly value: T) {
      super('rolled back')
    }
  }
  try {
    return await work((value) => {
      throw new RolledBack(value)
    })
  } catch (error) {
    if (error instanceof RolledBack) return error.value
    throw error
  }
}
