import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { RichHtml } from '#app/components/catalogue/rich-text.tsx'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { ProfileShell } from '#app/components/profile/profile-shell.tsx'
import { requestLang } from '#app/utils/auth.server.ts'
import type { Route } from './+types/help'
import { contentPage } from './content.server.ts'

/** Help: the managed help page, then the ways to write to the shop and the legal pages. */
export async function loader({ context }: Route.LoaderArgs) {
  return { lang: requestLang(context), page: await contentPage(context, 'help') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.page.title },
  { name: 'robots', content: 'noindex' },
]

export default function HelpPage({ loaderData: { lang, page } }: Route.ComponentProps) {
  const { t } = useTranslation('profile')
  const from = encodeURIComponent(`/${lang}/profile/help`)
  return (
    <ProfileShell lang={lang} title={page.title}>
      <RichHtml html={page.body} />
      <h2>{t('help.more')}</h2>
      <ul className="profile-links">
        <li>
          <Link to={`/${lang}/feedback`}>{t('feedback.title')}</Link>
        </li>
        <li>
          <Link to={`/${lang}/bug-report?from=${from}`}>{t('bug.title')}</Link>
        </li>
        <li>
          <Link to={`/${lang}/profile/instruction`}>{t('nav.instruction')}</Link>
        </li>
        <li>
          <Link to={`/${lang}/profile/terms-of-use`}>{t('terms.title')}</Link>
        </li>
        <li>
          <Link to={`/${lang}/pages/privacy`}>{t('help.privacy')}</Link>
        </li>
        <li>
          <Link to={`/${lang}/pages/offer`}>{t('help.offer')}</Link>
        </li>
        <li>
          <Link to={`/${lang}/contact`}>{t('help.contact')}</Link>
        </li>
      </ul>
    </ProfileShell>
  )
}

export const ErrorBoundary = RouteErrorBoundary
