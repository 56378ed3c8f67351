import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, Link, useParams, useRouteError } from 'react-router'
import { isLang } from '#app/utils/i18n.ts'

/**
 * Which text an error status gets (SPEC §8: 400 generic, 404, 500/502/504 server
 * error); 503 is the database or a service being away for a while, not a fault.
 */
export function errorKind(status: number) {
  if (status === 404) return 'not_found'
  if (status === 503) return 'unavailable'
  if (status >= 500) return 'server'
  return 'generic'
}

export function ErrorPage({ status, detail }: { status: number; detail?: React.ReactNode }) {
  const { t } = useTranslation()
  const params = useParams()
  const home = isLang(params.lang) ? `/${params.lang}` : '/'
  const kind = errorKind(status)
  return (
    <main className="error-page" id="main">
      {/* React hoists it into <head>: error and 404 pages have a title too. */}
      <title>{t(`errors.${kind}.title`)}</title>
      <p className="error-page__status">{status}</p>
      <h1>{t(`errors.${kind}.title`)}</h1>
      <p>{detail ?? t(`errors.${kind}.text`)}</p>
      <Link className="button" to={home}>
        {t('errors.home')}
      </Link>
    </main>
  )
}

/** A 404 text that names the path as a sentence, the path set as code (errors.no_route, errors.route_invalid). */
export function MissingPath({
  path,
  text = 'errors.no_route',
}: {
  path: string
  text?: 'errors.no_route' | 'errors.route_invalid'
}) {
  const { t } = useTranslation()
  const [before, after] = t(text, { path: '\u0000' }).split('\u0000')
  return (
    <>
      {before}
      <code>{path}</code>
      {after}
    </>
  )
}

/** One boundary for every route: a status page in the page's language, never a stack trace. */
export function RouteErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === 'string' && error.data ? error.data : undefined
    return <ErrorPage status={error.status} detail={detail} />
  }
  return <ErrorPage status={500} />
}
