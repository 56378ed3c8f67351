import { useTranslation } from 'react-i18next'
import { Form, redirect } from 'react-router'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { AdminErrorBoundary } from './+shared/admin-error.tsx'
import { PasswordChangeForm } from './+shared/password-form.tsx'
import { type SecondFactorAnswer, SecondFactorOn, SecondFactorSetup } from './+shared/second-factor.tsx'
import { useStaff } from './+shared/staff.ts'
import { TelegramLink } from './+shared/telegram-link.tsx'
import type { Route } from './+types/account'

import { byIntent } from './forms.server.ts'
import { changePassword } from './password.server.ts'
import { recoveryActions, secondFactorActions } from './second-factor.server.ts'
import { telegramActions } from './telegram.server.ts'

export function loader({ context }: Route.LoaderArgs) {
  return { lang: requestLang(context), title: serverT(context, 'admin')('account.title') }
}

/** My account: the own password, the authenticator and its recovery codes, Telegram, signing out everywhere (every role). */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = requestLang(context)
  const t = serverT(context, 'admin')
  const done = (message: string) => {
    flash(context, { type: 'success', message })
    return redirect(`/${lang}/admin/account`)
  }
  return byIntent(await request.formData(), {
    ...secondFactorActions(context, () => done(t('second_factor.done'))),
    ...recoveryActions(context, () => done(t('second_factor.regenerated'))),
    ...telegramActions(context, `/${lang}/admin/account`),
    password: (form) => changePassword(context, form, () => done(t('password.changed'))),
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function AdminAccountPage({ loaderData: { lang, title }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin')
  const staff = useStaff()
  const answer: SecondFactorAnswer | undefined = actionData
  const settingUp = Boolean(answer?.enrolment || answer?.recovery_codes || answer?.intent === 'totp_start')
  const telegram = actionData?.intent === 'telegram_link' ? actionData : undefined
  return (
    <section className="admin-page">
      <h1>{title}</h1>
      <div className="admin-card">
        <dl className="admin-facts">
          <dt>{t('fields.name')}</dt>
          <dd>{staff.name}</dd>
          <dt>{t('fields.phone')}</dt>
          <dd>{staff.phone}</dd>
          <dt>{t('fields.role')}</dt>
          <dd>{t(`roles.${staff.role}`)}</dd>
        </dl>
      </div>
      <section className="admin-card" aria-labelledby="account-second-factor">
        <h2 id="account-second-factor">{t('second_factor.title')}</h2>
        {staff.second_factor_enabled && !settingUp ? (
          <SecondFactorOn answer={answer} owner={staff.role === 'owner'} phone={staff.phone ?? ''} />
        ) : (
          <SecondFactorSetup answer={answer} />
        )}
      </section>
      <section className="admin-card" aria-labelledby="account-telegram">
        <h2 id="account-telegram">{t('telegram.title')}</h2>
        <TelegramLink linked={staff.telegram_linked} answer={telegram} />
      </section>
      <section className="admin-card" aria-labelledby="account-password">
        <h2 id="account-password">{t('password.title')}</h2>
        <PasswordChangeForm answer={answer} />
      </section>
      <section className="admin-card" aria-labelledby="account-sessions">
        <h2 id="account-sessions">{t('account.sessions')}</h2>
        <p>{t('account.sessions_text')}</p>
        <Form method="post" action={`/${lang}/admin/logout`}>
          <input type="hidden" name="scope" value="all" />
          <button type="submit" className="admin-button admin-button--danger">
            {t('account.sign_out_all')}
          </button>
        </Form>
      </section>
    </section>
  )
}

export const ErrorBoundary = AdminErrorBoundary
