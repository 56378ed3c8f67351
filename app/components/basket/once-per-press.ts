import type { FormEvent } from 'react'

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
