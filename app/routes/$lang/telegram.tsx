import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link, redirect, useFetcher } from 'react-router'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { telegramWebApp } from '#app/components/telegram/web-app.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { getSession } from '#app/utils/session.server.ts'
import { signInFromMiniApp } from '../telegram-sign-in.server.ts'
import type { Route } from './+types/telegram'

/** How many times the page asks whether the bot has the number yet, a second apart, after Telegram sent it. */
const CHECKS = 15

/**
 * Inside Telegram, a shopper the bot does not know yet: "Share my number"
 * asks Telegram to send their contact to the bot (requestContact), which
 * links or makes their account (api/telegram/contact-link.ts); then the
 * initData kept in the session signs them in. Nothing to do here for anyone else.
 */
export function loader({ context }: Route.LoaderArgs) {
  const lang = requestLang(context)
  if (!getSession(context).get('telegramInitData')) throw redirect(`/${lang}/`)
  return { lang, title: serverT(context, 'account')('telegram.contact_title') }
}

export async function action({ context }: Route.ActionArgs) {
  const lang = requestLang(context)
  const initData = getSession(context).get('telegramInitData')
  if (!initData) return redirect(`/${lang}/`)
  const result = await signInFromMiniApp(context, initData)
  if (result.kind === 'signed_in') return redirect(`/${result.lang}/`)
  return result.kind === 'failed' ? { failed: result.detail } : { waiting: true }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
]

export default function TelegramContact({ loaderData: { lang }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('account')
  const check = useFetcher<typeof action>()
  const [phase, setPhase] = useState<'idle' | 'waiting' | 'declined'>('idle')
  const [checks, setChecks] = useState(0)
  const answer = check.data ?? actionData

  // Telegram sent the number to the bot; the bot may take a moment: ask again until it is there.
  useEffect(() => {
    if (phase !== 'waiting' || check.state !== 'idle') return
    if (checks >= CHECKS) return setPhase('idle')
    const timer = setTimeout(
      () => {
        setChecks((n) => n + 1)
        check.submit(null, { method: 'post' })
      },
      checks === 0 ? 0 : 1000,
    )
    return () => clearTimeout(timer)
  }, [phase, checks, check])

  const share = () => {
    const app = telegramWebApp()
    if (!app) return
    app.requestContact((shared) => {
      setChecks(0)
      setPhase(shared ? 'waiting' : 'declined')
    })
  }

  const failed = answer && 'failed' in answer ? answer.failed : null
  const missing = phase === 'idle' && answer && 'waiting' in answer
  return (
    <main id="main" className="container auth-page auth-page--narrow">
      <h1 className="auth-page__title">{t('telegram.contact_title')}</h1>
      <p>{t('telegram.contact_text')}</p>
      {failed && <p role="alert">{failed}</p>}
      {phase === 'declined' && <p role="alert">{t('telegram.contact_declined')}</p>}
      {missing && <p role="alert">{t('telegram.contact_missing')}</p>}
      {phase === 'waiting' ? (
        <p role="status">{t('telegram.contact_waiting')}</p>
      ) : (
        <p>
          <button type="button" className="button button--block" onClick={share}>
            {t('telegram.contact_button')}
          </button>
        </p>
      )}
      <Form method="post">
        <button type="submit" className="button button--ghost button--block">
          {t('telegram.contact_check')}
        </button>
      </Form>
      <p>
        <Link to={`/${lang}/login`}>{t('telegram.contact_other_way')}</Link>
      </p>
    </main>
  )
}

export const ErrorBoundary = RouteErrorBoundary
