import { forwardRef, useSyncExternalStore } from 'react'
import { Link, type LinkProps } from 'react-router'

type Connection = { saveData?: boolean; effectiveType?: string; addEventListener?: (e: string, f: () => void) => void }
const connection = () => (globalThis.navigator as { connection?: Connection } | undefined)?.connection

/** SPEC §9: no prefetching on slow 2G or when the shopper asked to save data. */
export function canPrefetch() {
  const c = connection()
  return !(c?.saveData || c?.effectiveType === 'slow-2g' || c?.effectiveType === '2g')
}

function subscribe(onChange: () => void) {
  connection()?.addEventListener?.('change', onChange)
  return () => {}
}

/**
 * A Link that prefetches the next page's code and data on hover or focus,
 * unless the network is slow. Intent prefetch loads one page at a time (the
 * one being pointed at), well under SPEC §9's five concurrent preloads.
 */
export const ShopLink = forwardRef<HTMLAnchorElement, LinkProps>(function ShopLink(props, ref) {
  const allowed = useSyncExternalStore(subscribe, canPrefetch, () => true)
  return <Link ref={ref} prefetch={allowed ? 'intent' : 'none'} {...props} />
})
