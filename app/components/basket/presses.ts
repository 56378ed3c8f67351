import { type FormEvent, useEffect, useRef, useState } from 'react'
import type { useFetcher } from 'react-router'

type Fetcher = Pick<ReturnType<typeof useFetcher>, 'state' | 'formData' | 'submit'>

/**
 * The submit handler of a form a fetcher sends once per press: while its request is on its way, another
 * press (a double tap) sends nothing. Without JavaScript the server counts a press once: an add leaves a
 * line already there as it is (`if_absent`), a quantity is set rather than added, a like is a like.
 */
export function oncePerPress(fetcher: { state: string }) {
  return (event: FormEvent) => {
    if (fetcher.state !== 'idle') event.preventDefault()
  }
}

type Waiting = { form: HTMLFormElement; data: FormData }
const none: readonly string[] = []
const actionOf = (form: HTMLFormElement) => form.getAttribute('action') ?? undefined

/** The form's fields with the pressed button's name and value (set by hand: older phones' FormData takes no submitter). */
function pressed(form: HTMLFormElement, submitter?: HTMLElement | null) {
  const data = new FormData(form)
  if (submitter instanceof HTMLButtonElement && submitter.name) data.set(submitter.name, submitter.value)
  return data
}

/**
 * For a form whose every request sets a state (a like, a quantity): a press while a request is on its way
 * waits and goes as soon as that one is back, the latest press winning. Never two requests at once, which
 * could reach the server out of order, and no press lost. `formData` is what the shopper last asked for
 * (the waiting press, else the pending one) for the form to show. `fresh`: fields the server's answer
 * changes (the quantity it counted from), read from the form again when the waiting press goes.
 */
export function useLatestPress(fetcher: Fetcher, fresh: readonly string[] = none) {
  // The ref makes sure a waiting press goes once, whatever renders come between; the state shows it.
  const waitingRef = useRef<Waiting | null>(null)
  const [waiting, setWaiting] = useState<Waiting | null>(null)
  const busy = fetcher.state !== 'idle'

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new waiting press is looked at even when `busy` has not changed
  useEffect(() => {
    const next = waitingRef.current
    if (!next || busy) return
    waitingRef.current = null
    setWaiting(null)
    const now = new FormData(next.form)
    for (const name of fresh) next.data.set(name, now.get(name) ?? '')
    void fetcher.submit(next.data, { method: 'post', action: actionOf(next.form) })
  }, [waiting, busy, fetcher, fresh])

  const send = (form: HTMLFormElement, submitter?: HTMLElement | null) => {
    const data = pressed(form, submitter)
    if (!busy) return void fetcher.submit(data, { method: 'post', action: actionOf(form) })
    waitingRef.current = { form, data }
    setWaiting(waitingRef.current)
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    send(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter)
  }
  return { onSubmit, send, formData: waiting?.data ?? fetcher.formData }
}
