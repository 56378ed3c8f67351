import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form, redirect, useNavigation } from 'react-router'
import { FormMessage, PhoneField } from '#app/components/account/fields.tsx'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { Avatar } from '#app/components/profile/avatar.tsx'
import { ImageInput, TextInput } from '#app/components/profile/fields.tsx'
import { ProfileShell } from '#app/components/profile/profile-shell.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { requestLang, signedInUser } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import type { FormFields } from '#app/utils/form-fields.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { readUploadForm, uploadTooLarge } from '#app/utils/upload.server.ts'
import { maskPhone } from '#contract/phone-format.ts'
import { profileForm } from '#contract/profile.ts'
import { IMAGE_MAX_BYTES } from '#contract/upload-limits.ts'
import type { Route } from './+types/edit'
import { apiError, byIntent, formFailure, parseForm } from './forms.server.ts'

const Intent = { save: 'save', removePhoto: 'remove-photo' } as const

export async function loader({ context }: Route.LoaderArgs) {
  const user = signedInUser(context)
  return { lang: requestLang(context), user, title: serverT(context, 'profile')('edit.title') }
}

/** The profile's forms: save the profile, or remove the photo. */
export async function action({ request, context }: Route.ActionArgs) {
  const t = serverT(context, 'profile')
  const lang = requestLang(context)
  const api = context.get(apiClientContext)
  const formData = await readUploadForm(request)
  if (!formData) return uploadTooLarge(t)
  return byIntent(formData, {
    [Intent.removePhoto]: async () => {
      await api.send('DELETE', 'account/avatar/')
      flash(context, { type: 'success', message: t('edit.photo_removed') })
      return redirect(`/${lang}/profile/edit`)
    },
    [Intent.save]: () => save(context, formData),
  })
}

/**
 * Saves the name (name and surname in one field, as at registration), the extra phone and,
 * when one is chosen, the photo.
 * The photo goes first: a refused picture leaves everything as it was.
 */
async function save(context: Route.ActionArgs['context'], formData: FormData) {
  const t = serverT(context, 'profile')
  const api = context.get(apiClientContext)
  const submission = parseForm(formData, profileForm)
  if (submission.status !== 'success') return formFailure(submission, { toast: t('toast.fill_form') })
  const photo = formData.get('avatar')
  try {
    if (photo instanceof File && photo.size > 0) {
      const body = new FormData()
      body.set('avatar', photo, photo.name || 'photo')
      try {
        await api.upload('account/avatar/', body)
      } catch (error) {
        const { detail, status } = apiError(error, [], t('toast.generic'))
        return formFailure(submission, { toast: detail, status, fieldErrors: { avatar: [detail] } })
      }
    }
    await api.send('PATCH', 'account/', submission.value)
  } catch (error) {
    const failed = apiError(error, ['full_name', 'extra_phone'], t('toast.generic'))
    return formFailure(submission, { toast: failed.detail, status: failed.status, fieldErrors: failed.fieldErrors })
  }
  flash(context, { type: 'success', message: t('edit.saved') })
  return redirect(`/${requestLang(context)}/profile`)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
]

export default function EditProfilePage({ loaderData: { lang, user, title }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('profile')
  const answer = actionData
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<FormFields<typeof profileForm, 'avatar'>>({
    id: 'profile-edit',
    lastResult: answer?.result,
    shouldValidate: 'onSubmit',
    defaultValue: {
      full_name: user.full_name,
      extra_phone: user.extra_phone ? maskPhone(user.extra_phone.slice(4)) : '',
    },
  })
  return (
    <ProfileShell lang={lang} title={title}>
      <FormMessage toast={answer?.toast} />
      <div className="profile-card">
        <Avatar user={user} />
        {user.avatar_src ? (
          <Form method="post">
            <button type="submit" name="intent" value={Intent.removePhoto} className="button button--ghost">
              {t('edit.remove_photo')}
            </button>
          </Form>
        ) : null}
      </div>
      <Form method="post" encType="multipart/form-data" className="profile-form" {...getFormProps(form)}>
        <TextInput field={fields.full_name} label={t('fields.full_name')} autoComplete="name" />
        <PhoneField field={fields.extra_phone} label={t('fields.extra_phone')} />
        <ImageInput
          field={fields.avatar}
          label={t('fields.photo')}
          hint={t('edit.photo_hint', { max: IMAGE_MAX_BYTES / 1024 / 1024 })}
        />
        <div className="profile-actions">
          <button type="submit" name="intent" value={Intent.save} className="button" disabled={busy}>
            {t('edit.submit')}
          </button>
        </div>
      </Form>
    </ProfileShell>
  )
}

export const ErrorBoundary = RouteErrorBoundary
