import type { Session, SessionStorage } from 'react-router'
import type { z } from 'zod'
import { getConfig } from '#api/config.ts'

/** Secure cookies in production whenever the shop is reached over https. */
export function secureCookies(request: Request) {
  if (process.env.NODE_ENV !== 'production') return false
  const publicUrl = getConfig().PUBLIC_URL
  return new URL(request.url).protocol === 'https:' || Boolean(publicUrl?.startsWith('https:'))
}

/** A cookie storage created on first use, so importing a session module never reads the configuration. */
export function lazyStorage<Data>(create: () => SessionStorage<Data>) {
  let storage: SessionStorage<Data> | undefined
  return () => {
    storage ??= create()
    return storage
  }
}

/**
 * One request's signed-cookie session (the shopper's, the staff member's):
 * its data as the schema reads it, and `changed` for the middleware, which
 * writes the cookie only then.
 */
export class CheckedSession<Data extends object> {
  #data: Data
  #changed = false
  constructor(
    readonly raw: Session<Data>,
    schema: z.ZodType<Data>,
  ) {
    // A cookie from an older release (or garbage) is dropped, not trusted.
    const parsed = schema.safeParse(raw.data)
    this.#data = parsed.success ? parsed.data : ({} as Data)
    if (!parsed.success) this.#changed = true
  }
  get changed() {
    return this.#changed
  }
  get<K extends keyof Data>(key: K): Data[K] {
    return this.#data[key]
  }
  set<K extends keyof Data>(key: K, value: Data[K] | null) {
    if (value === null || value === undefined) {
      if (!(key in this.#data)) return
      delete this.#data[key]
    } else this.#data[key] = value
    this.#changed = true
  }
  /** Everything forgotten (signing out). */
  clear() {
    if (Object.keys(this.#data).length === 0) return
    this.#data = {} as Data
    this.#changed = true
  }
  get data(): Readonly<Data> {
    return this.#data
  }
}

/** The Set-Cookie header that stores the session in `storage` (or, when it is empty, deletes the cookie). */
export async function sessionSetCookie<Data extends object>(
  storage: SessionStorage<Data>,
  session: CheckedSession<Data>,
  request: Request,
) {
  const { raw, data } = session
  const secure = secureCookies(request)
  if (Object.keys(data).length === 0) return storage.destroySession(raw, { secure })
  for (const key of Object.keys(raw.data) as Array<keyof Data & string>) raw.unset(key)
  for (const [key, value] of Object.entries(data)) raw.set(key as keyof Data & string, value as never)
  return storage.commitSession(raw, { secure })
}
