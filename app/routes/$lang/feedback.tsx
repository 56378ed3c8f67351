import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form, redirect, useNavigation } from 'react-router'
import { FormMessage, PhoneField } from '#app/components/account/fields.tsx'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { Honeypot, TextArea, TextInput } from '#app/components/profile/fields.tsx'
import { apiError, formFailure, parseForm } from '#app/routes/$lang/profile/forms.server.ts'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { getUser, requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import type { FormFields } from '#app/utils/form-fields.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { MESSAGE_MAX } from '#contract/message-limits.ts'
import { feedbackSchema } from '#contract/profile.ts'
import type { Route } from './+types/feedback'

/** The feedback form (SPEC §3 Feedback: name and text), for visitors and customers alike. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await getUser(context)
  return { name: user?.full_name ?? '', title: serverT(context, 'profile')('feedback.title') }
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = serverT(context, 'profile')
  const submission = parseForm(await request.formData(), feedbackSchema)
  if (submission.status !== 'success') return formFailure(submission, { toast: t('toast.fill_form') })
  try {
    await context.get(apiClientContext).send('POST', 'feedback/', submission.value)
  } catch (error) {
    const failed = apiError(error, ['name', 'text', 'phone'], t('toast.generic'))
    return formFailure(submission, { toast: failed.detail, status: failed.status, fieldErrors: failed.fieldErrors })
  }
  flash(context, { type: 'success', message: t('toast.sent') })
  return redirect(`/${requestLang(context)}/feedback`)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function FeedbackPage({ loaderData: { name, title }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('profile')
  const answer = actionData
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<FormFields<typeof feedbackSchema>>({
    id: 'feedback',
    lastResult: answer?.result,
    shouldValidate: 'onSubmit',
    defaultValue: { name },
  })
  return (
    <main id="main" className="container profile-layout">
      <div>
        <h1>{title}</h1>
        <p>{t('feedback.intro')}</p>
        <Form method="post" className="profile-form" {...getFormProps(form)}>
          <FormMessage toast={answer?.toast} />
          <TextInput field={fields.name} label={t('fields.name')} autoComplete="name" />
          <TextArea field={fields.text} label={t('fields.message')} max={MESSAGE_MAX} />
          <PhoneField field={fields.phone} label={t('feedback.phone')} hint={t('feedback.phone_why')} />
          <Honeypot label={t('fields.website')} />
          <button type="submit" className="button" disabled={busy}>
            {t('feedback.submit')}
          </button>
        </Form>
      </div>
    </main>
  )
}

export const ErrorBoundary = RouteErrorBoundary
