import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form, Link, useNavigation } from 'react-router'
import { FormMessage } from '#app/components/account/fields.tsx'
import { requestLang } from '#app/utils/auth.server.ts'
import type { FormFields } from '#app/utils/form-fields.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { z } from '#contract/zod.ts'
import { AdminErrorBoundary } from '../../+shared/admin-error.tsx'
import { adminPath } from '../../+shared/staff.ts'
import { inputNames, staffLoad } from '../../forms.server.ts'
import { ContentInput, DeleteForm, LocalizedInputs, PictureInput, ScheduleFields } from '../+shared/fields.tsx'
import { ContentIntent } from '../+shared/intents.ts'
import { scheduleDefaults } from '../+shared/scheduled.tsx'
import { editedId, localizedForm, scheduledAction, scheduleForm, uploadPicture } from '../content.server.ts'
import type { Route } from './+types/$id'
import '../+shared/content.css'

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = editedId(params.id)
  const banner = id ? await staffLoad(context, `admin/content/banners/${id}/`) : null
  const t = serverT(context, 'admin-content')
  return { lang: requestLang(context), banner, title: banner ? t('banners.edit') : t('banners.add') }
}

const bannerForm = z.object({
  title: localizedForm,
  subtitle: localizedForm,
  link: z.string().trim().max(500).optional(),
  ...scheduleForm,
})

const fields = inputNames(bannerForm, ['image', 'image_phone'])

/** Saves the banner (pictures first, when chosen), or removes it. */
export function action({ request, params, context }: Route.ActionArgs) {
  const target = { kind: 'banners', id: params.id, form: bannerForm, fields } as const
  return scheduledAction(request, context, target, async ({ link, ...rest }, formData, id) => {
    const image = await uploadPicture(context, formData.get('image'), 'image')
    const phone = await uploadPicture(context, formData.get('image_phone'), 'image_phone')
    const body = { ...rest, link: link || null, ...(image && { image }), ...(phone && { image_phone: phone }) }
    const api = staffApi(context)
    if (id) await api.send('PATCH', `admin/content/banners/${id}/`, body)
    else await api.send('POST', 'admin/content/banners/', body)
    return 'content/banners'
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function AdminBannerPage({ loaderData: { lang, banner, title }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin-content')
  const answer = actionData
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<FormFields<typeof bannerForm, 'image' | 'image_phone'>>({
    id: `banner-${banner?.id ?? 'new'}`,
    lastResult: answer?.result,
    shouldValidate: 'onSubmit',
    defaultValue: {
      title: banner?.title,
      subtitle: banner?.subtitle,
      link: banner?.link ?? '',
      ...scheduleDefaults(banner),
    },
  })
  return (
    <section className="admin-page">
      <p>
        <Link to={adminPath(lang, 'content/banners')}>← {t('banners.title')}</Link>
      </p>
      <h1>{title}</h1>
      <Form method="post" encType="multipart/form-data" className="admin-card content-form" {...getFormProps(form)}>
        <FormMessage toast={answer?.toast} />
        <LocalizedInputs field={fields.title} label={t('fields.title')} />
        <LocalizedInputs field={fields.subtitle} label={t('fields.subtitle')} />
        <ContentInput field={fields.link} label={t('fields.link')} hint={t('hints.link')} maxLength={500} />
        <ScheduleFields fields={fields} />
        <div className="content-row">
          <PictureInput field={fields.image} label={t('fields.image_desktop')} current={banner?.image.links.small} />
          <PictureInput
            field={fields.image_phone}
            label={t('fields.image_phone')}
            current={banner?.image_phone?.links.small}
          />
        </div>
        <button type="submit" name="intent" value={ContentIntent.save} className="button" disabled={busy}>
          {t('save')}
        </button>
      </Form>
      {banner ? <DeleteForm label={t('banners.delete')} busy={busy} /> : null}
    </section>
  )
}

export const ErrorBoundary = AdminErrorBoundary
