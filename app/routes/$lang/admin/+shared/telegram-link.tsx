import { useTranslation } from 'react-i18next'
import { Form, useNavigation } from 'react-router'
import { FormMessage } from '#app/components/account/fields.tsx'
import type { ToastMessage } from '#app/components/toaster.tsx'

/** What linking answered: the one-time link (`url` null in a demo shop without a bot) or why not. */
export type TelegramAnswer = {
  intent?: string
  link?: { url: string | null; code: string; expires_at: string }
  toast?: ToastMessage
}

/** "10:42", Tashkent time: until when a link code works. */
const untilTime = (iso: string) =>
  new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Tashkent' }).format(
    new Date(iso),
  )

/**
 * The staff bot on Telegram: linked or not; "Link" gives a one-time link to
 * open in Telegram (or, in a demo shop without a bot, the command that sends
 * its code), "Unlink" ends it.
 */
export function TelegramLink({ linked, answer }: { linked: boolean; answer?: TelegramAnswer }) {
  const { t } = useTranslation('admin')
  const busy = useNavigation().state === 'submitting'
  const link = answer?.intent === 'telegram_link' ? answer.link : undefined
  return (
    <>
      <FormMessage toast={answer?.intent === 'telegram_link' ? answer.toast : undefined} />
      <p>{linked ? t('telegram.linked') : t('telegram.not_linked')}</p>
      {link?.url ? (
        <p className="admin-alert" role="status">
          {t('telegram.open', { time: untilTime(link.expires_at) })}{' '}
          <a href={link.url} target="_blank" rel="noopener noreferrer">
            {link.url}
          </a>
        </p>
      ) : link ? (
        <div className="admin-alert" role="status">
          <p>{t('telegram.demo', { time: untilTime(link.expires_at) })}</p>
          <code className="admin-secret">npm run telegram -- simulate start {link.code}</code>
        </div>
      ) : null}
      <Form method="post" className="admin-actions">
        <button type="submit" name="intent" value="telegram_link" className="admin-button" disabled={busy}>
          {linked ? t('telegram.relink') : t('telegram.link')}
        </button>
        {linked ? (
          <button type="submit" name="intent" value="telegram_unlink" className="admin-button admin-button--danger">
            {t('telegram.unlink')}
          </button>
        ) : null}
      </Form>
    </>
  )
}
