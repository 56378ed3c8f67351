import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form, redirect, useNavigation } from 'react-router'
import { CodeField, FormMessage, PhoneField } from '#app/components/account/fields.tsx'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { ProfileShell } from '#app/components/profile/profile-shell.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { requestLang, signedInUser } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import type { FormFields } from '#app/utils/form-fields.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { codeForm, phoneOnlySchema } from '#contract/account.ts'
import { formatPhone } from '#contract/phone-format.ts'
import { apiError, byIntent, formFailure, parseForm } from '../forms.server.ts'
import type { Route } from './+types/change-number'
import { phoneChangeHeader, readPhoneChange } from './phone-change.server.ts'

const Intent = { send: 'send', verify: 'verify', restart: 'restart' } as const

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = signedInUser(context)
  const state = await readPhoneChange(request, user.id)
  return {
    lang: requestLang(context),
    current: user.phone,
    pending: state?.phone ?? null,
    title: serverT(context, 'profile')('change_number.title'),
  }
}

/** Two steps (SPEC §2): the new number gets an SMS code; the code confirms it. Or start again with another number. */
export async function action({ request, context }: Route.ActionArgs) {
  const here = `/${requestLang(context)}/profile/settings/change-number`
  const formData = await request.formData()
  return byIntent(formData, {
    [Intent.restart]: async () => redirect(here, { headers: { 'Set-Cookie': await phoneChangeHeader(request, null) } }),
    [Intent.verify]: () => verify(request, context, formData),
    [Intent.send]: () => send(request, context, formData),
  })
}

/** Step 1: the new number; the API sends it a code, and the page asks for it. */
async function send(request: Request, context: Route.ActionArgs['context'], formData: FormData) {
  const user = signedInUser(context)
  const t = serverT(context, 'profile')
  const submission = parseForm(formData, phoneOnlySchema)
  if (submission.status !== 'success') {
    const invalid = submission.error?.phone?.includes('invalid_phone')
    return formFailure(submission, { toast: t(invalid ? 'toast.invalid_phone' : 'toast.fill_form') })
  }
  try {
    const { session } = await context.get(apiClientContext).send('POST', 'account/phone-change/', submission.value)
    const state = { userId: user.id, phone: submission.value.phone, session, sentAt: Date.now() }
    const here = `/${requestLang(context)}/profile/settings/change-number`
    return redirect(here, { headers: { 'Set-Cookie': await phoneChangeHeader(request, state) } })
  } catch (error) {
    const failed = apiError(error, ['phone'], t('toast.generic'))
    return formFailure(submission, { toast: failed.detail, status: failed.status, fieldErrors: failed.fieldErrors })
  }
}

/** Step 2: the code confirms the number (no code under way: back to step 1). */
async function verify(request: Request, context: Route.ActionArgs['context'], formData: FormData) {
  const user = signedInUser(context)
  const t = serverT(context, 'profile')
  const lang = requestLang(context)
  const state = await readPhoneChange(request, user.id)
  if (!state) return redirect(`/${lang}/profile/settings/change-number`)
  const submission = parseForm(formData, codeForm)
  if (submission.status !== 'success') return formFailure(submission, { toast: t('toast.code') })
  try {
    await context.get(apiClientContext).send('POST', 'account/phone-change/verify/', {
      ...submission.value,
      phone: state.phone,
      session: state.session,
    })
  } catch (error) {
    const failed = apiError(error, ['code'], t('toast.generic'))
    return formFailure(submission, {
      toast: failed.firstError,
      status: failed.status,
      fieldErrors: { code: [failed.firstError] },
    })
  }
  flash(context, { type: 'success', message: t('change_number.done') })
  return redirect(`/${lang}/profile/settings`, { headers: { 'Set-Cookie': await phoneChangeHeader(request, null) } })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
]

export default function ChangeNumberPage({
  loaderData: { lang, current, pending, title },
  actionData,
}: Route.ComponentProps) {
  const { t } = useTranslation('profile')
  const answer = actionData
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<FormFields<typeof phoneOnlySchema> & FormFields<typeof codeForm>>({
    id: pending ? 'change-number-code' : 'change-number',
    lastResult: answer?.result,
    shouldValidate: 'onSubmit',
  })
  return (
    <ProfileShell lang={lang} title={title}>
      <FormMessage toast={answer?.toast} />
      {pending ? (
        <>
          <p>{t('change_number.code_sent', { phone: formatPhone(pending) })}</p>
          <Form method="post" className="profile-form" {...getFormProps(form)}>
            <input type="hidden" name="intent" value={Intent.verify} />
            <CodeField field={fields.code} label={t('fields.code')} autoFocus />
            <button type="submit" className="button" disabled={busy}>
              {t('change_number.confirm')}
            </button>
          </Form>
          <Form method="post">
            <button type="submit" name="intent" value={Intent.restart} className="button-link">
              {t('change_number.other_number')}
            </button>
          </Form>
        </>
      ) : (
        <>
          <p>{t('change_number.current', { phone: formatPhone(current) })}</p>
          <Form method="post" className="profile-form" {...getFormProps(form)}>
            <input type="hidden" name="intent" value={Intent.send} />
            <PhoneField field={fields.phone} label={t('fields.new_phone')} autoFocus />
            <button type="submit" className="button" disabled={busy}>
              {t('change_number.send')}
            </button>
          </Form>
        </>
      )}
    </ProfileShell>
  )
}

export const ErrorBoundary = RouteErrorBoundary
