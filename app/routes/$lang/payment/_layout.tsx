import { Outlet } from 'react-router'
import type { ScriptsHandle } from '#app/components/deferred-scripts.tsx'
import { requireUserMiddleware } from '#app/utils/auth.server.ts'
import type { Route } from './+types/_layout'

// Scripts on `load`, not at the first touch (decision 007): the link to the provider is followed at once.
export const handle: ScriptsHandle = { hydrate: 'on-load' }

// Every page of the section is for a signed-in customer: a visitor goes to sign-in and back.
export const middleware: Route.MiddlewareFunction[] = [requireUserMiddleware]

// The section's shared layout: for now it only renders its pages.
export default function Layout() {
  return <Outlet />
}
