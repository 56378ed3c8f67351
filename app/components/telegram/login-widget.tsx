import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { Lang } from '#app/utils/i18n.ts'

/**
 * Telegram's Login Widget (core.telegram.org/widgets/login), when the shop
 * offers it (TELEGRAM_LOGIN_WIDGET): Telegram's script draws its button in a
 * frame and sends the signed answer to /{lang}/login/telegram. Added once the
 * page runs (the widget needs JavaScript anyway), so hydration never meets
 * the frame it inserts.
 */
export function TelegramLoginWidget({ bot, lang }: { bot: string; lang: Lang }) {
  const { t } = useTranslation('account')
  const slot = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const place = slot.current
    if (!place) return
    const script = document.createElement('script')
    script.async = true
    script.src = 'https://telegram.org/js/telegram-widget.js?22'
    script.dataset.telegramLogin = bot
    script.dataset.size = 'large'
    script.dataset.authUrl = `/${lang}/login/telegram`
    script.dataset.requestAccess = 'write'
    script.dataset.lang = lang === 'ru' ? 'ru' : 'uz'
    place.append(script)
    return () => place.replaceChildren()
  }, [bot, lang])
  return (
    <div className="telegram-login">
      <p className="muted">{t('telegram.widget_or')}</p>
      <div ref={slot} />
    </div>
  )
}
