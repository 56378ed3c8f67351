import { data } from 'react-router'
import { AdminErrorBoundary } from './+shared/admin-error.tsx'

/** An unknown back-office path: a 404 inside the frame. */
export function loader() {
  throw data(null, { status: 404 })
}

export default function AdminNotFound() {
  return null
}

export const ErrorBoundary = AdminErrorBoundary
