import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from '#app/utils/use-hydrated.ts'

/** How often the open desk asks for the count of new orders. */
export const NEW_ORDERS_POLL_MS = 15_000
const STORED = 'atir-desk-alert'

/** A short beep (no sound file to load): Web Audio, after the staff member turned the alert on. */
function beep() {
  const Audio = window.AudioContext
  if (!Audio) return
  const audio = new Audio()
  const tone = audio.createOscillator()
  tone.frequency.value = 880
  tone.connect(audio.destination)
  tone.start()
  tone.stop(audio.currentTime + 0.25)
  tone.onended = () => void audio.close()
}

/**
 * The desk's count of new orders (accepted, not yet opened by staff): the
 * badge, and with JavaScript kept up to date without a reload: the page's
 * title says "(3) …" and, once the staff member turns it on (a browser
 * permission needs their click), a new order beeps and shows a notification.
 * An arrival is told by the newest new order's id, not by the count, which
 * stays the same when a colleague opens one order as another comes in.
 * The choice stays in this browser.
 */
export function NewOrderAlert({
  initial,
  title,
  countsHref,
}: {
  initial: { count: number; latest: number | null }
  title: string
  countsHref: string
}) {
  const { t } = useTranslation('admin-orders')
  const hydrated = useHydrated()
  const [fresh, setFresh] = useState(initial)
  const [alerting, setAlerting] = useState(false)
  const previous = useRef(initial.latest)
  const { count, latest } = fresh

  useEffect(() => setAlerting(window.localStorage.getItem(STORED) === 'on'), [])
  useEffect(() => setFresh({ count: initial.count, latest: initial.latest }), [initial.count, initial.latest])
  useEffect(() => {
    let stopped = false
    const timer = window.setInterval(async () => {
      try {
        const response = await fetch(countsHref, { headers: { Accept: 'application/json' }, cache: 'no-store' })
        if (!response.ok || stopped) return
        const body = (await response.json()) as { new?: unknown; latest?: unknown }
        if (typeof body.new === 'number')
          setFresh({ count: body.new, latest: typeof body.latest === 'number' ? body.latest : null })
      } catch {
        // Offline for a moment: the next poll tries again.
      }
    }, NEW_ORDERS_POLL_MS)
    return () => {
      stopped = true
      window.clearInterval(timer)
    }
  }, [countsHref])
  useEffect(() => {
    document.title = count ? `(${count}) ${title}` : title
  }, [count, title])
  useEffect(() => {
    if (latest !== null && latest > (previous.current ?? 0) && alerting) {
      beep()
      if ('Notification' in window && Notification.permission === 'granted')
        new Notification(t('alert.notification', { count }), { tag: 'atir-new-orders' })
    }
    previous.current = latest
  }, [latest, count, alerting, t])

  async function toggle() {
    const next = !alerting
    if (next && 'Notification' in window && Notification.permission === 'default')
      await Notification.requestPermission()
    window.localStorage.setItem(STORED, next ? 'on' : 'off')
    setAlerting(next)
  }

  return (
    <>
      <span className="desk-badge desk-badge--new" role="status" hidden={!count}>
        {t('list.new_count', { count })}
      </span>
      {hydrated ? (
        <button type="button" className="admin-button admin-button--quiet" aria-pressed={alerting} onClick={toggle}>
          {alerting ? t('alert.on') : t('alert.off')}
        </button>
      ) : null}
    </>
  )
}
