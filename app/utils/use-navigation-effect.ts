import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/**
 * Runs `effect` after each client-side navigation, not on the first render:
 * that is hydration, which comes at the shopper's first tap
 * (docs/decisions/007-javascript-budget.md) and must keep what the tap opened.
 */
export function useNavigationEffect(effect: () => void) {
  const { key } = useLocation()
  const shownKey = useRef(key)
  const latest = useRef(effect)
  latest.current = effect
  useEffect(() => {
    if (shownKey.current === key) return
    shownKey.current = key
    latest.current()
  }, [key])
}
