import { useEffect } from 'react'
import { showToast, type ToastMessage, useHydrated } from './toaster.tsx'

/**
 * A failed submission's message: a toast with JavaScript; without it (and
 * until hydration) an alert at the top of the form, so the same words reach
 * everyone.
 */
export function FormMessage({ toast }: { toast?: ToastMessage | null }) {
  const hydrated = useHydrated()
  useEffect(() => {
    if (toast) showToast(toast.type, toast.message, toast.id)
  }, [toast])
  if (!toast || hydrated) return null
  return (
    <p className={`form-message form-message--${toast.type}`} role={toast.type === 'error' ? 'alert' : 'status'}>
      {toast.message}
    </p>
  )
}
