import { data, type RouterContextProvider, redirect } from 'react-router'
import type { z } from 'zod'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { fieldRefusal, parseForm, refusedBack } from './forms.server.ts'

type Context = Readonly<RouterContextProvider>

/** A review's or message's page: where its forms come back to. */
export type DeskPage = { context: Context; here: string }

/**
 * A button of the reviews or inbox page: done, its toast and `to` (the page
 * itself unless said); refused (409: no phone, the day's SMS used; 403;
 * 404), the API's reason as a toast, back on the page.
 */
export async function deskChange(page: DeskPage, run: () => Promise<string>, to = page.here) {
  try {
    flash(page.context, { type: 'success', message: await run() })
  } catch (error) {
    return refusedBack(page.context, error, page.here, serverT(page.context, 'admin-desk')('failed'))
  }
  return redirect(to)
}

/**
 * A one-text form (a hide reason, the shop's reply, an SMS): the text as
 * `schema` reads it goes to `send`; a text the form or the API refuses comes
 * back to the form of `intent` with the typed text and the reason under it.
 */
export async function deskText<const I extends string>(
  page: DeskPage,
  form: FormData,
  options: {
    intent: I
    schema: z.ZodType<{ text?: string }>
    /** The API's name for the text (`reason`, `text`). */
    field: string
    send: (text: string) => Promise<string>
  },
) {
  const submission = parseForm(form, options.schema)
  if (submission.status !== 'success')
    return data({ intent: options.intent, result: submission.reply() }, { status: 400 })
  const text = submission.value.text ?? ''
  let toast: string
  try {
    toast = await options.send(text)
  } catch (error) {
    const refusal = fieldRefusal(error, options.field)
    if (refusal)
      return data(
        { intent: options.intent, result: submission.reply({ fieldErrors: { text: [refusal] } }) },
        { status: 400 },
      )
    return refusedBack(page.context, error, page.here, serverT(page.context, 'admin-desk')('failed'))
  }
  flash(page.context, { type: 'success', message: toast })
  return redirect(page.here)
}
