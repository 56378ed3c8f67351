import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form, redirect, useNavigation } from 'react-router'
import { FormMessage } from '#app/components/account/fields.tsx'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { Honeypot, ImageInput, TextArea, TextInput } from '#app/components/profile/fields.tsx'
import { apiError, formFailure, parseForm } from '#app/routes/$lang/profile/forms.server.ts'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import type { FormFields } from '#app/utils/form-fields.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { safeRedirect } from '#app/utils/safe-redirect.ts'
import { readUploadForm, uploadTooLarge } from '#app/utils/upload.server.ts'
import { MESSAGE_MAX, PAGE_MAX } from '#contract/message-limits.ts'
import { bugReportSchema } from '#contract/profile.ts'
import { IMAGE_MAX_BYTES } from '#contract/upload-limits.ts'
import type { Route } from './+types/bug-report'

/** The page the report is about: `?from=` or the Referer, as a path of this shop (never another site). */
function reportedPage(request: Request): string {
  const url = new URL(request.url)
  const from = url.searchParams.get('from')
  if (from) return safeRedirect(from, '')
  const referer = request.headers.get('referer')
  if (!referer) return ''
  try {
    const ref = new URL(referer)
    return ref.origin === url.origin && ref.pathname !== url.pathname
      ? safeRedirect(`${ref.pathname}${ref.search}`, '')
      : ''
  } catch {
    return ''
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return { page: reportedPage(request).slice(0, PAGE_MAX), title: serverT(context, 'profile')('bug.title') }
}

/** Sends the report with its optional screenshot to the API (which checks the picture by content), then goes back. */
export async function action({ request, context }: Route.ActionArgs) {
  const t = serverT(context, 'profile')
  const lang = requestLang(context)
  const formData = await readUploadForm(request)
  if (!formData) return uploadTooLarge(t)
  const submission = parseForm(formData, bugReportSchema)
  if (submission.status !== 'success') return formFailure(submission, { toast: t('toast.fill_form') })
  const body = new FormData()
  body.set('text', submission.value.text)
  if (submission.value.page) body.set('page', submission.value.page)
  if (submission.value.website) body.set('website', submission.value.website)
  const screenshot = formData.get('screenshot')
  if (screenshot instanceof File && screenshot.size > 0)
    body.set('screenshot', screenshot, screenshot.name || 'screenshot')
  try {
    await context.get(apiClientContext).upload('feedback/bug-report/', body)
  } catch (error) {
    const failed = apiError(error, ['text', 'page', 'screenshot'], t('toast.generic'))
    return formFailure(submission, { toast: failed.firstError, status: failed.status, fieldErrors: failed.fieldErrors })
  }
  flash(context, { type: 'success', message: t('toast.sent') })
  return redirect(safeRedirect(submission.value.page, `/${lang}/bug-report`))
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function BugReportPage({ loaderData: { page, title }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('profile')
  const answer = actionData
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<FormFields<typeof bugReportSchema, 'screenshot'>>({
    id: 'bug-report',
    lastResult: answer?.result,
    shouldValidate: 'onSubmit',
    defaultValue: { page },
  })
  return (
    <main id="main" className="container profile-layout">
      <div>
        <h1>{title}</h1>
        <p>{t('bug.intro')}</p>
        <Form method="post" encType="multipart/form-data" className="profile-form" {...getFormProps(form)}>
          <FormMessage toast={answer?.toast} />
          <TextArea field={fields.text} label={t('fields.bug_text')} max={MESSAGE_MAX} />
          <TextInput field={fields.page} label={t('fields.page')} max={PAGE_MAX} />
          <ImageInput
            field={fields.screenshot}
            label={t('fields.screenshot')}
            hint={t('bug.screenshot_hint', { max: IMAGE_MAX_BYTES / 1024 / 1024 })}
          />
          <Honeypot label={t('fields.website')} />
          <button type="submit" className="button" disabled={busy}>
            {t('bug.submit')}
          </button>
        </Form>
      </div>
    </main>
  )
}

export const ErrorBoundary = RouteErrorBoundary
