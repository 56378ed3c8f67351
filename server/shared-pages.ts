import type { ServerBuild } from 'react-router'
import { isSharedPage } from '#app/utils/http-cache.ts'
import { storefrontMatches } from './observability.ts'

/**
 * Whether a path's page is one for everyone (its route's `handle` is
 * `sharedPage`): the page cache renders it once and fills each shopper's own
 * parts in (server/page-cache.ts).
 */
export function sharedPages(build: ServerBuild) {
  const matchesOf = storefrontMatches(build)
  return (path: string) => {
    const leaf = matchesOf(path)?.at(-1)
    return leaf ? isSharedPage(build.routes[leaf.route.id]?.module.handle) : false
  }
}
