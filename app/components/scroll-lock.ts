let scrollLocks = 0
/**
 * Stops the page behind from scrolling while a modal or a menu is open
 * (SPEC §4 "Modal and scrolling"). Counted, so a modal opened from the
 * mobile menu does not unlock the page when either closes. Returns the unlock.
 */
export function lockScroll(): () => void {
  scrollLocks++
  document.documentElement.classList.add('scroll-locked')
  let released = false
  return () => {
    if (released) return
    released = true
    scrollLocks = Math.max(0, scrollLocks - 1)
    if (scrollLocks === 0) document.documentElement.classList.remove('scroll-locked')
  }
}
