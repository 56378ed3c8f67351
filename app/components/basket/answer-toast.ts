import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { prepareToasts, showToast } from '#app/components/toaster.tsx'
import type { BasketAnswer } from './intents.ts'

const shown = new Set<string>()

/**
 * Shows the toast of a basket or favourites form's answer (with JavaScript) as it arrives, on the page the
 * form was sent from: an answer that comes once the shopper is on another page says nothing there, and
 * none shows twice. The toasts' code is asked for as the form goes, so it is in when the answer is.
 */
export function useAnswerToast(fetcher: { state: string; data?: BasketAnswer }) {
  const { pathname, search } = useLocation()
  const answer = fetcher.data
  useEffect(() => {
    if (fetcher.state === 'submitting') prepareToasts()
  }, [fetcher.state])
  useEffect(() => {
    const toast = answer?.toast
    if (!toast || shown.has(toast.id) || answer.from !== `${pathname}${search}`) return
    shown.add(toast.id)
    showToast(toast.type, toast.message, toast.id, toast.link, true)
  }, [answer, pathname, search])
}
