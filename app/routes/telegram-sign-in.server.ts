import type { RouterContextProvider } from 'react-router'
import { getInstance } from '#app/middleware/i18next.ts'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { isApiError } from '#app/utils/api-errors.server.ts'
import { signIn } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { getSession } from '#app/utils/session.server.ts'

export type MiniAppSignIn = { kind: 'signed_in' | 'contact_needed'; lang: Lang } | { kind: 'failed'; detail: string }

/**
 * The Mini App's initData sent to the API (api/auth/telegram-routes.ts): a
 * linked shopper is signed in (with a toast in their Telegram language); for
 * one whose phone the bot has not seen yet the initData stays in the session
 * until they share it (routes/$lang/telegram.tsx). The API's refusal
 * (forged, stale, used) comes back in its words.
 */
export async function signInFromMiniApp(context: Readonly<RouterContextProvider>, initData: string) {
  const session = getSession(context)
  let answer: Awaited<ReturnType<typeof sendInitData>>
  try {
    answer = await sendInitData(context, initData)
  } catch (error) {
    if (!isApiError(error, 400, 401, 403, 404)) throw error
    session.set('telegramInitData', null)
    return { kind: 'failed', detail: error.body.detail ?? error.message } satisfies MiniAppSignIn
  }
  if (!answer.token) {
    session.set('telegramInitData', initData)
    return { kind: 'contact_needed', lang: answer.lang } satisfies MiniAppSignIn
  }
  session.set('telegramInitData', null)
  signIn(context, answer.token)
  const t = getInstance(context as RouterContextProvider).getFixedT(answer.lang, 'account')
  flash(context, { type: 'success', message: t('telegram.signed_in') })
  return { kind: 'signed_in', lang: answer.lang } satisfies MiniAppSignIn
}

const sendInitData = (context: Readonly<RouterContextProvider>, initData: string) =>
  context.get(apiClientContext).send('POST', 'auth/telegram/webapp/', { init_data: initData })
