import { Outlet } from 'react-router'
import type { ScriptsHandle } from '#app/components/deferred-scripts.tsx'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { requireStaffMiddleware, staffSessionMiddleware } from '#app/middleware/admin.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { getStaff } from '#app/utils/staff-session.server.ts'
import { AdminHeader } from './+shared/admin-header.tsx'
import type { Route } from './+types/_layout'

// Scripts on `load`, not at the first touch (decision 007): the back office is a working desk, not a landing page.
export const handle: ScriptsHandle = { hydrate: 'on-load' }

/**
 * The back office's frame (route id `admin`): its own header and navigation,
 * not the shop's. Its middleware lets only a signed-in staff member whose
 * set-up is done through and puts them in the context: loaders and actions
 * inside call `getStaff(context)` and `staffApi(context)`, components
 * `useStaff()`.
 */
export const middleware: Route.MiddlewareFunction[] = [staffSessionMiddleware, requireStaffMiddleware]

export function loader({ context }: Route.LoaderArgs) {
  return { lang: requestLang(context), staff: getStaff(context) }
}

export default function AdminLayout({ loaderData: { lang, staff } }: Route.ComponentProps) {
  return (
    <div className="admin">
      {/* React hoists it into <head>; admin pages are never for search engines. */}
      <meta name="robots" content="noindex" />
      <AdminHeader lang={lang} staff={staff} />
      <main id="main" className="admin-main">
        <Outlet />
      </main>
    </div>
  )
}

// Pages inside render their errors in the frame (AdminErrorBoundary); the frame itself fails as a whole page.
export const ErrorBoundary = RouteErrorBoundary
