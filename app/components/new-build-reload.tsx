import { useEffect } from 'react'
import { createPath, useNavigation } from 'react-router'

// SPEC §4 "Other": look for a newer build every 5 minutes while the tab is shown, never more than once a minute.
const pollMs = 5 * 60_000
const minGapMs = 60_000
const root = () => document.documentElement.dataset

/**
 * Notices a deploy while a tab stays open (GET /build-version, server/shop.ts) and makes the next
 * page change a full page load, so the shopper meets the new build between pages, not mid-action.
 * React Router reloads by itself only for a route it had not discovered yet.
 */
export function NewBuildReload() {
  useEffect(() => {
    const mine = (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version
    if (!mine) return
    let last = Date.now()
    const check = async () => {
      if (document.visibilityState !== 'visible' || Date.now() - last < minGapMs) return
      last = Date.now()
      try {
        const { version } = await (await fetch('/build-version', { cache: 'no-store' })).json()
        if (version && version !== mine) root().newBuild = version
      } catch {
        // Offline or mid-deploy: the next check asks again.
      }
    }
    const timer = setInterval(check, pollMs)
    document.addEventListener('visibilitychange', check)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', check)
    }
  }, [])
  const navigation = useNavigation()
  // A link or a GET form; not the reload after a submission, which carries what the action answered.
  const target = navigation.state === 'loading' && (navigation.formMethod ?? 'GET') === 'GET' && navigation.location
  useEffect(() => {
    if (target && root().newBuild) location.assign(createPath(target))
  }, [target])
  return null
}
