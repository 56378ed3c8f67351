import { useTranslation } from 'react-i18next'
import { data, Form, Link, redirect } from 'react-router'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { ProfileShell } from '#app/components/profile/profile-shell.tsx'
import { LinkTelegramForm, TelegramIntent } from '#app/components/profile/telegram.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { isApiRefusal } from '#app/utils/api-errors.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { byIntent, fieldsOf } from '#app/utils/forms.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { languageNames } from '#app/utils/i18n.ts'
import { formatDate } from '#app/utils/money.ts'
import { personal } from '#app/utils/orders.server.ts'
import { z } from '#contract/zod.ts'
import type { Route } from './+types/telegram'

/** Where "back to the order" may lead after a link made from an order page: that page, nothing else. */
const orderPage = /^\/(uz|sr|ru)\/order\/\d{1,10}$/

/**
 * Order news in Telegram instead of SMS: whether the customer's Telegram is
 * linked, the button that makes the bot's one-time link (the action answers
 * with it, shown on this page: no JavaScript needed), and unlinking.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const state = await context.get(apiClientContext).get('account/telegram/')
  const title = serverT(context, 'profile')('telegram.title')
  return data({ lang: requestLang(context), state, title }, { headers: personal })
}

export const headers = () => personal

/** What "link" posts besides: the order page it was pressed on, if it was (anything else: none). */
const linkForm = z.object({
  back: z
    .string()
    .optional()
    .transform((back) => (back && orderPage.test(back) ? back : null)),
})

export async function action({ request, context }: Route.ActionArgs) {
  const lang = requestLang(context)
  const t = serverT(context, 'profile')
  const here = `/${lang}/profile/telegram`
  const api = context.get(apiClientContext)
  const form = await request.formData()
  return byIntent(form, {
    [TelegramIntent.unlink]: async () => {
      await api.send('DELETE', 'account/telegram/link/')
      flash(context, { type: 'success', message: t('telegram.unlinked') })
      return redirect(here)
    },
    [TelegramIntent.link]: async () => {
      const { back } = fieldsOf(form, linkForm)
      try {
        const link = await api.send('POST', 'account/telegram/link/', { lang })
        return data({ link: link.url, back }, { headers: personal })
      } catch (error) {
        // The shop has no bot (any more): said as the API says it, on the page as it is.
        if (!isApiRefusal(error)) throw error
        flash(context, { type: 'error', message: error.body.detail || t('toast.generic') })
        return redirect(here)
      }
    },
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
]

export default function TelegramPage({ loaderData: { lang, state, title }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('profile')
  const here = `/${lang}/profile/telegram`
  let body: React.ReactNode
  if (!state.available) body = <p>{t('telegram.unavailable')}</p>
  else if (state.linked)
    body = (
      <>
        <p>
          {t('telegram.linked', {
            date: formatDate(state.linked_at),
            language: state.lang ? languageNames[state.lang] : '',
          })}
        </p>
        <p>{t('telegram.commands')}</p>
        <div className="profile-actions">
          {state.bot_url ? <a href={state.bot_url}>{t('telegram.open_bot')}</a> : null}
          <Form method="post" action={here}>
            <button type="submit" name="intent" value={TelegramIntent.unlink} className="button button--ghost">
              {t('telegram.unlink')}
            </button>
          </Form>
        </div>
      </>
    )
  else if (actionData?.link)
    body = (
      <section aria-labelledby="telegram-step">
        <h2 id="telegram-step">{t('telegram.step_title')}</h2>
        <p>{t('telegram.step_text')}</p>
        <div className="profile-actions">
          <a className="button" href={actionData.link}>
            {t('telegram.open')}
          </a>
          <Link to={here}>{t('telegram.check')}</Link>
        </div>
        {actionData.back ? (
          <p>
            <Link to={actionData.back}>{t('telegram.back_to_order')}</Link>
          </p>
        ) : null}
      </section>
    )
  else
    body = (
      <>
        <p>{t('telegram.intro')}</p>
        <p>{t('telegram.fallback')}</p>
        <LinkTelegramForm lang={lang} label={t('telegram.link')} />
      </>
    )
  return (
    <ProfileShell lang={lang} title={title}>
      {body}
    </ProfileShell>
  )
}

export const ErrorBoundary = RouteErrorBoundary
