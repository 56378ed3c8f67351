import type { DataStrategyResult, MiddlewareFunction } from 'react-router'

// A new visitor's id cookie is issued by the first post that comes without one (visitor.server.ts). Two
// posts that overlap before it has arrived (a tap on «В корзину», then at once on the heart) would each be
// given an id of their own, the later cookie would win, and what the other one did would belong to nobody
// (the basket lost at sign-in). So in the browser, until one post of this page has been answered, the next
// ones wait for it: then the cookie is in, and they all carry the same id. What a visitor pressed shows at
// once all the same (the fetchers' pending state); only the request waits, by one answer at most.

let first: Promise<unknown> | null = null
let answered = false

/** Root client middleware: holds a post back while the page's first one is on its way. */
export const oneVisitorId: MiddlewareFunction<Record<string, DataStrategyResult>> = async ({ request }, next) => {
  if (answered || request.method === 'GET' || request.method === 'HEAD') return next()
  if (first) {
    await first.catch(() => {})
    return next()
  }
  const going = next()
  first = going
  try {
    const result = await going
    answered = true
    return result
  } catch (error) {
    // It never got an answer (offline, aborted): the next post goes first instead.
    first = null
    throw error
  }
}
