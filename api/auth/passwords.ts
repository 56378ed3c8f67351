import { hash, verify } from '@node-rs/argon2'
import { randomToken } from './crypto.ts'

// Argon2id (the library's default) with OWASP's minimum: 19 MiB, 2 passes, 1 lane.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export const hashPassword = (password: string) => hash(password, options)

let dummy: Promise<string> | undefined

/**
 * Checks a password against a stored hash. Without a hash (unknown phone,
 * deleted account) it still spends the same work on a dummy, so the answer
 * time does not tell which phones have accounts.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword(randomToken())
    await verify(await dummy, password).catch(() => false)
    return false
  }
  return verify(stored, password).catch(() => false)
}
