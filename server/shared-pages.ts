import type { ServerBuild } from 'react-router'
import { type SharedPageKind, sharedPageKind } from '#app/utils/http-cache.ts'
import { storefrontMatches } from './observability.ts'

/**
 * Who a path's page is shared by (its route's `handle` is `sharedPage` or
 * `signedOutPage`), null for a page of its own: the page cache renders a shared
 * one once and fills each shopper's own parts in (server/page-cache.ts).
 */
export function sharedPages(build: ServerBuild) {
  const matchesOf = storefrontMatches(build)
  return (path: string): SharedPageKind | null => {
    const leaf = matchesOf(path)?.at(-1)
    return leaf ? sharedPageKind(build.routes[leaf.route.id]?.module.handle) : null
  }
}
