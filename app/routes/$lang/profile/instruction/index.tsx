import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { ProfileShell } from '#app/components/profile/profile-shell.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'

import type { Route } from './+types/index'

export async function loader({ context }: Route.LoaderArgs) {
  const { results } = await context.get(apiClientContext).get('pages/', { kind: 'instruction' })
  return { lang: requestLang(context), pages: results, title: serverT(context, 'profile')('instruction.title') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
]

export default function InstructionsPage({ loaderData: { lang, pages, title } }: Route.ComponentProps) {
  const { t } = useTranslation('profile')
  return (
    <ProfileShell lang={lang} title={title}>
      {pages.length ? (
        <ul className="profile-links">
          {pages.map((page) => (
            <li key={page.id}>
              <Link to={`/${lang}/profile/instruction/${page.slug}`}>{page.title}</Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('instruction.empty')}</p>
      )}
    </ProfileShell>
  )
}

export const ErrorBoundary = RouteErrorBoundary
