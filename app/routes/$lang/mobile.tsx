import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { StoreBadges } from '#app/components/store-badges.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { langOf } from '#app/utils/i18n.ts'
import type { Route } from './+types/mobile'

export async function loader({ params, context }: Route.LoaderArgs) {
  const lang = langOf(params)
  const apps = await context.get(apiClientContext).get('settings/apps/')
  const t = serverT(context, 'common')
  return { lang, apps, title: t('mobile.meta_title') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

/** The mobile-app page has its own layout: no shop header, just the apps (SPEC §2). */
export default function MobilePage({ loaderData: { lang, apps } }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <main id="main" className="mobile-page">
      <Link to={`/${lang}`} className="logo" aria-label={t('shell.home')}>
        atir<span aria-hidden="true">.</span>
      </Link>
      <h1>{t('mobile.heading')}</h1>
      <p>{t('mobile.text')}</p>
      <StoreBadges apps={apps} />
    </main>
  )
}

export const ErrorBoundary = RouteErrorBoundary
