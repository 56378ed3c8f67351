/**
 * The API's shared answers as this process last read them: the catalogue and
 * content reads it marks `Cache-Control: public` with an ETag (menus, footer,
 * contacts, categories, settings, product lists and pages — the same for every
 * shopper). The API client asks for them again with `If-None-Match` and keeps
 * this copy while the API says 304, so a page reuses what it was computed
 * from instead of receiving and parsing it once more. Whether a copy is
 * current is always the API's word: its ETag is the answer's hash, and its
 * own cache is emptied by every catalogue or content change on any process
 * (api/catalogue/cache.ts), so a change shows on the next page.
 *
 * The copies are frozen (every page shares them) and kept in
 * least-recently-used order within STOREFRONT_CACHE_MB, each weighed as twice
 * its JSON's characters (V8 keeps text with Cyrillic in it at two bytes a
 * character; the objects' own overhead is about as much again as Latin text).
 */
type Entry = { etag: string; value: unknown; bytes: number }

export class SharedAnswers {
  private entries = new Map<string, Entry>()
  private bytes = 0

  constructor(private readonly maxBytes: number) {}

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry
  }

  set(key: string, etag: string, value: unknown, bytes: number) {
    this.drop(key)
    if (bytes > this.maxBytes / 8) return
    this.entries.set(key, { etag, value: deepFreeze(value), bytes })
    this.bytes += bytes
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.drop(oldest)
    }
  }

  private drop(key: string) {
    const old = this.entries.get(key)
    if (!old) return
    this.entries.delete(key)
    this.bytes -= old.bytes
  }

  /** Copies kept and what they weigh; for tests and the memory figures. */
  get size() {
    return { entries: this.entries.size, bytes: this.bytes }
  }
}

/** Whether an answer may be kept for every shopper: public, with a validator to ask again with. */
export function isSharedAnswer(response: Response) {
  return response.status === 200 && /^public\b/.test(response.headers.get('cache-control') ?? '')
    ? response.headers.get('etag')
    : null
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}
