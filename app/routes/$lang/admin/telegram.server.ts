import { data, type RouterContextProvider, redirect } from 'react-router'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { toastMessage } from '#app/utils/forms.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { apiRefusal } from './forms.server.ts'

type Context = Readonly<RouterContextProvider>

/**
 * Linking one's Telegram account to the staff bot (My account): `telegram_link`
 * asks for a one-time link (or, in a demo shop without a bot, the code to
 * send with `npm run telegram -- simulate start`), in the page's language;
 * `telegram_unlink` ends it.
 */
export function telegramActions(context: Context, here: string) {
  return {
    async telegram_link() {
      const intent = 'telegram_link' as const
      try {
        const link = await staffApi(context).send('POST', 'admin/telegram/link/', { lang: requestLang(context) })
        return data({ intent, link })
      } catch (error) {
        const { status, detail } = apiRefusal(error)
        return data({ intent, toast: toastMessage('error', detail) }, { status })
      }
    },
    async telegram_unlink() {
      await staffApi(context).send('DELETE', 'admin/telegram/link/')
      flash(context, { type: 'success', message: serverT(context, 'admin')('telegram.unlinked') })
      return redirect(here)
    },
  }
}
