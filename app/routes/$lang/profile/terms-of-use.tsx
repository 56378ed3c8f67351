import { RichHtml } from '#app/components/catalogue/rich-text.tsx'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { ProfileShell } from '#app/components/profile/profile-shell.tsx'
import { requestLang } from '#app/utils/auth.server.ts'
import type { Route } from './+types/terms-of-use'
import { contentPage } from './content.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return { lang: requestLang(context), page: await contentPage(context, 'terms-of-use') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.page.title },
  { name: 'robots', content: 'noindex' },
]

export default function TermsPage({ loaderData: { lang, page } }: Route.ComponentProps) {
  return (
    <ProfileShell lang={lang} title={page.title}>
      <RichHtml html={page.body} />
    </ProfileShell>
  )
}

export const ErrorBoundary = RouteErrorBoundary
