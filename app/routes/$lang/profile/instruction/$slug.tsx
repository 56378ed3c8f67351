import { useTranslation } from 'react-i18next'
import { data, Link } from 'react-router'
import { RichHtml } from '#app/components/catalogue/rich-text.tsx'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { ProfileShell } from '#app/components/profile/profile-shell.tsx'
import { requestLang } from '#app/utils/auth.server.ts'
import { contentPage } from '../content.server.ts'
import type { Route } from './+types/$slug'

/** One instruction; other kinds of page live at /pages/{slug}, not here. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await contentPage(context, params.slug)
  if (page.kind !== 'instruction') throw data(null, { status: 404 })
  return { lang: requestLang(context), page }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.page.title },
  { name: 'robots', content: 'noindex' },
]

export default function InstructionPage({ loaderData: { lang, page } }: Route.ComponentProps) {
  const { t } = useTranslation('profile')
  return (
    <ProfileShell lang={lang} title={page.title}>
      <RichHtml html={page.body} />
      <p>
        <Link to={`/${lang}/profile/instruction`}>{t('instruction.back')}</Link>
      </p>
    </ProfileShell>
  )
}

export const ErrorBoundary = RouteErrorBoundary
