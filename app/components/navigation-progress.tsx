import { useEffect, useState } from 'react'
import { useNavigation } from 'react-router'

// SPEC §9 "Loading indicator": show after 200 ms, hide 500 ms after the end.
const showAfterMs = 200
const hideAfterMs = 500

/** A 3 px bar in the brand colour while a navigation takes noticeably long. */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle'
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setVisible(busy), busy ? showAfterMs : hideAfterMs)
    return () => clearTimeout(timer)
  }, [busy])
  return <div className="nav-progress" data-state={visible ? (busy ? 'loading' : 'done') : 'idle'} aria-hidden="true" />
}
