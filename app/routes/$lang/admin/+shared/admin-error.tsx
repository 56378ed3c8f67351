import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, useRouteError } from 'react-router'
import { errorKind } from '#app/components/error-boundary.tsx'

/**
 * A back-office page that failed, inside the admin frame (the header stays):
 * 403 says the role may not, anything else the shop's status texts.
 */
export function AdminErrorBoundary() {
  const error = useRouteError()
  const { t } = useTranslation()
  const { t: ta } = useTranslation('admin')
  const status = isRouteErrorResponse(error) ? error.status : 500
  const detail = isRouteErrorResponse(error) && typeof error.data === 'string' && error.data ? error.data : null
  const title = status === 403 ? ta('errors.forbidden') : t(`errors.${errorKind(status)}.title`)
  return (
    <section className="admin-page admin-error" aria-labelledby="admin-error-title">
      <title>{title}</title>
      <p className="admin-error__status">{status}</p>
      <h1 id="admin-error-title">{title}</h1>
      <p>{detail ?? (status === 403 ? ta('errors.forbidden_text') : t(`errors.${errorKind(status)}.text`))}</p>
    </section>
  )
}
