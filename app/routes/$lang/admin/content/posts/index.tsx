import { useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Link, redirect, useNavigation } from 'react-router'
import { requestLang } from '#app/utils/auth.server.ts'
import type { FormFields } from '#app/utils/form-fields.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { z } from '#contract/zod.ts'
import { AdminErrorBoundary } from '../../+shared/admin-error.tsx'
import { adminPath } from '../../+shared/staff.ts'
import { TableHead } from '../../+shared/table-head.tsx'
import { adminFailure, apiFailure, parseForm, staffLoad } from '../../forms.server.ts'
import { CreateCard } from '../+shared/create-card.tsx'
import { ContentInput, LocalizedInputs } from '../+shared/fields.tsx'
import { ContentListHead } from '../+shared/list-head.tsx'
import { PublishState } from '../+shared/publish-state.tsx'
import { tashkentText } from '../+shared/tashkent.ts'
import { localizedForm, tashkentField } from '../content.server.ts'
import type { Route } from './+types/index'
import '../+shared/content.css'

export async function loader({ context }: Route.LoaderArgs) {
  const { results } = await staffLoad(context, 'admin/content/posts/')
  return { lang: requestLang(context), posts: results, title: serverT(context, 'admin-content')('posts.title') }
}

const createForm = z.object({ title: localizedForm, published_at: tashkentField })

/** Adds a post (not in the shop until published; its body starts as its title) and opens it for editing. */
export async function action({ request, context }: Route.ActionArgs) {
  const t = serverT(context, 'admin-content')
  const intent = 'create'
  const submission = parseForm(await request.formData(), createForm)
  if (submission.status !== 'success') return adminFailure(submission, { intent, toast: t('fill_form') })
  const { title, published_at } = submission.value
  try {
    const post = await staffApi(context).send('POST', 'admin/content/posts/', {
      title,
      body: { uz: '', sr: '', ru: title.ru },
      ...(published_at && { published_at }),
    })
    return redirect(adminPath(requestLang(context), `content/posts/${post.id}`))
  } catch (error) {
    return apiFailure(submission, intent, error, ['title.uz', 'title.sr', 'title.ru', 'published_at'], t('failed'))
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function AdminPostsPage({ loaderData: { lang, posts, title }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin-content')
  const answer = actionData
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<FormFields<typeof createForm>>({
    id: 'post-create',
    lastResult: answer?.result,
    shouldValidate: 'onSubmit',
  })
  return (
    <section className="admin-page">
      <ContentListHead lang={lang} title={title} />
      <table className="admin-table">
        <TableHead
          caption={t('posts.caption')}
          captionShown
          columns={[t('fields.title'), t('fields.published_at'), t('pages.state')]}
        />
        <tbody>
          {posts.map((post) => (
            <tr key={post.id}>
              <td>
                <Link to={adminPath(lang, `content/posts/${post.id}`)}>{(post.draft ?? post.published).title.ru}</Link>
              </td>
              <td data-label={t('fields.published_at')}>{tashkentText(post.published_at)}</td>
              <td>
                <PublishState item={post} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <CreateCard id="post-create-title" title={t('posts.add')} form={form} answer={answer} busy={busy}>
        <LocalizedInputs field={fields.title} label={t('fields.title')} />
        <ContentInput
          field={fields.published_at}
          type="datetime-local"
          label={t('fields.published_at')}
          hint={t('hints.published_at')}
        />
      </CreateCard>
    </section>
  )
}

export const ErrorBoundary = AdminErrorBoundary
