import { useTranslation } from 'react-i18next'
import { Form, redirect } from 'react-router'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { serverT } from '#app/utils/i18n.server.ts'
import { useNonce } from '#app/utils/nonce.tsx'
import { markMiniApp } from '#app/utils/telegram-mini-app.server.ts'
import type { Route } from './+types/telegram'
import { signInFromMiniApp } from './telegram-sign-in.server.ts'

/**
 * The Mini App's address (the bot's menu button and `/shop`): Telegram opens
 * it with the signed launch data in the hash (`#tgWebAppData=…`), which the
 * browser never sends; the page posts it at once and the action signs the
 * shopper in (telegram-sign-in.server.ts). Opened any other way it says where
 * it belongs.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { title: serverT(context, 'account')('telegram.meta_title') }
}

export async function action({ request, context }: Route.ActionArgs) {
  const initData = String((await request.formData()).get('init_data') ?? '').slice(0, 4096)
  const result = await signInFromMiniApp(context, initData)
  if (result.kind === 'failed') return { failed: result.detail }
  // From here on this window is the Mini App: Telegram's script, colours and buttons.
  const headers = { 'Set-Cookie': await markMiniApp(request) }
  return redirect(result.kind === 'signed_in' ? `/${result.lang}/` : `/${result.lang}/telegram`, { headers })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
]

// Runs as the page is parsed, before (and without) the page's own scripts: Telegram's app is already waiting.
const post = `(() => {
  const data = new URLSearchParams(location.hash.slice(1)).get('tgWebAppData') || window.Telegram?.WebApp?.initData
  const form = document.getElementById('telegram-sign-in')
  if (!data || !form) return
  form.elements.init_data.value = data
  document.getElementById('telegram-outside')?.setAttribute('hidden', '')
  document.getElementById('telegram-opening')?.removeAttribute('hidden')
  form.submit()
})()`

export default function TelegramEntry({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation('account')
  const nonce = useNonce()
  return (
    <main id="main" className="container telegram-entry">
      <h1>Atir</h1>
      {actionData?.failed ? (
        <p role="alert">{actionData.failed}</p>
      ) : (
        <>
          <p id="telegram-opening" hidden>
            {t('telegram.opening')}
          </p>
          <p id="telegram-outside">{t('telegram.outside')}</p>
          <Form method="post" id="telegram-sign-in" reloadDocument>
            <input type="hidden" name="init_data" />
          </Form>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own constant script, with the page's nonce. */}
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: post }} />
        </>
      )}
    </main>
  )
}

export const ErrorBoundary = RouteErrorBoundary
