import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { FormMessage } from '#app/components/account/fields.tsx'
import { AdminErrorBoundary } from '#app/components/admin/admin-error.tsx'
import {
  ContentInput,
  DeleteForm,
  LocalizedInputs,
  PictureInput,
  ScheduleFields,
} from '#app/components/admin/content/fields.tsx'
import { tashkentInput } from '#app/components/admin/content/tashkent.ts'
import type { LocalizedText } from '#app/components/admin/content/types.ts'
import type { AdminActionData } from '#app/components/admin/forms.tsx'
import { adminPath } from '#app/components/admin/staff.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { z } from '#contract/zod.ts'
import { adminFailure, apiError, parseForm, staffLoad } from '../../forms.server.ts'
import { contentT, localizedForm, tashkentField, uploadPicture } from '../content.server.ts'
import type { Route } from './+types/$id'
import '#app/styles/admin-content.css'

type BannerFields = {
  title: LocalizedText
  subtitle: LocalizedText
  link: string
  starts_at: string
  ends_at: string
  position: string
  is_active: string
  image: string
  image_phone: string
}

const isNew = (id: string | undefined) => id === 'new'

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isNew(params.id) && !/^\d{1,9}$/.test(params.id ?? '')) throw data(null, { status: 404 })
  const banner = isNew(params.id) ? null : await staffLoad(context, `admin/content/banners/${params.id}/`)
  const t = contentT(context)
  return { lang: requestLang(context), banner, title: banner ? t('banners.edit') : t('banners.add') }
}

const bannerForm = z.object({
  title: localizedForm,
  subtitle: localizedForm,
  link: z.string().trim().max(500).optional(),
  starts_at: tashkentField,
  ends_at: tashkentField,
  position: z.number().int().min(0).max(32_767).default(0),
  is_active: z.boolean().default(false),
})

const fields = [
  'title.uz',
  'title.sr',
  'title.ru',
  'subtitle.uz',
  'subtitle.sr',
  'subtitle.ru',
  'link',
  'starts_at',
  'ends_at',
  'position',
  'image',
  'image_phone',
]

/** Saves the banner (pictures first, when chosen), or removes it. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requestLang(context)
  const t = contentT(context)
  const api = staffApi(context)
  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? 'save')
  if (intent === 'delete' && !isNew(params.id)) {
    await api.send('DELETE', `admin/content/banners/${params.id}/`)
    flash(context, { type: 'success', message: t('banners.deleted') })
    return redirect(adminPath(lang, 'content/banners'))
  }
  const submission = parseForm(formData, bannerForm)
  if (submission.status !== 'success') return adminFailure(submission, { intent, toast: t('fill_form') })
  try {
    const image = await uploadPicture(context, formData.get('image'), 'image')
    const phone = await uploadPicture(context, formData.get('image_phone'), 'image_phone')
    const { link, ...rest } = submission.value
    const body = { ...rest, link: link || null, ...(image && { image }), ...(phone && { image_phone: phone }) }
    if (isNew(params.id)) await api.send('POST', 'admin/content/banners/', body)
    else await api.send('PATCH', `admin/content/banners/${params.id}/`, body)
  } catch (error) {
    const failed = apiError(error, fields, t('failed'))
    return adminFailure(submission, {
      intent,
      toast: failed.detail,
      status: failed.status,
      fieldErrors: failed.fieldErrors,
    })
  }
  flash(context, { type: 'success', message: t('saved') })
  return redirect(adminPath(lang, 'content/banners'))
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function AdminBannerPage({ loaderData: { lang, banner, title }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin-content')
  const answer = actionData as AdminActionData | undefined
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<BannerFields>({
    id: `banner-${banner?.id ?? 'new'}`,
    lastResult: answer?.result,
    shouldValidate: 'onSubmit',
    defaultValue: {
      title: banner?.title,
      subtitle: banner?.subtitle,
      link: banner?.link ?? '',
      starts_at: tashkentInput(banner?.starts_at),
      ends_at: tashkentInput(banner?.ends_at),
      position: String(banner?.position ?? 0),
      is_active: banner ? (banner.is_active ? 'on' : '') : 'on',
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
        <button type="submit" name="intent" value="save" className="button" disabled={busy}>
          {t('save')}
        </button>
      </Form>
      {banner ? <DeleteForm label={t('banners.delete')} busy={busy} /> : null}
    </section>
  )
}

export const ErrorBoundary = AdminErrorBoundary
