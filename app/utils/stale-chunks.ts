const windowMs = 10_000
const key = (path: string) => `atir:reloaded:${path}`

/**
 * After a deploy, old pages ask for chunks that no longer exist. Reload once to
 * get the new build, but at most once per path in 10 s so a real outage does
 * not become a reload loop (SPEC §4 "Other").
 */
export function reloadOnStaleChunks() {
  const reload = (reason: unknown) => {
    const text = String((reason as { message?: string })?.message ?? reason)
    if (!/dynamically imported module|Importing a module script failed|error loading dynamically/i.test(text)) return
    const path = location.pathname
    const last = Number(sessionStorage.getItem(key(path)) ?? 0)
    if (Date.now() - last < windowMs) return
    sessionStorage.setItem(key(path), String(Date.now()))
    location.reload()
  }
  window.addEventListener('error', (event) => reload(event.error ?? event.message))
  window.addEventListener('unhandledrejection', (event) => reload(event.reason))
  window.addEventListener('vite:preloadError', (event) => reload(event.payload))
}
