import { useTranslation } from 'react-i18next'
import { Form, Link, redirect } from 'react-router'
import { FormMessage } from '#app/components/account/fields.tsx'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { formatMoney } from '#app/utils/money.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { AdminErrorBoundary } from '../+shared/admin-error.tsx'
import { ConcentrationOptions, SizeKindOptions } from '../+shared/size-options.tsx'
import { adminPath } from '../+shared/staff.ts'
import { TableHead } from '../+shared/table-head.tsx'
import { byIntent, pageId, refusedAnswer, staffLoad } from '../forms.server.ts'
import type { Route } from './+types/$id'
import { membersFrom } from './lines.server.ts'
import './+shared/lines.css'

export async function loader({ params, context }: Route.LoaderArgs) {
  const line = await staffLoad(context, `admin/lines/${pageId(params.id)}/`)
  return {
    lang: requestLang(context),
    line,
    title: serverT(context, 'admin-lines')('edit.meta_title', { name: line.name }),
  }
}

/** Save (name, order, what tells the sizes apart, who leaves) or ungroup the line. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requestLang(context)
  const t = serverT(context, 'admin-lines')
  const id = pageId(params.id)
  const api = staffApi(context)
  return byIntent(await request.formData(), {
    save: async (form) => {
      const line = await staffLoad(context, `admin/lines/${id}/`)
      const members = membersFrom(form, line)
      try {
        if (members.length)
          await api.send('PATCH', `admin/lines/${id}/`, { name: String(form.get('name') ?? ''), members })
        else await api.send('DELETE', `admin/lines/${id}/`)
      } catch (error) {
        return refusedAnswer('save', error)
      }
      flash(context, { type: 'success', message: members.length ? t('edit.saved') : t('edit.deleted') })
      return redirect(adminPath(lang, members.length ? `lines/${id}` : 'lines'))
    },
    delete: async () => {
      try {
        await api.send('DELETE', `admin/lines/${id}/`)
      } catch (error) {
        return refusedAnswer('delete', error)
      }
      flash(context, { type: 'success', message: t('edit.deleted') })
      return redirect(adminPath(lang, 'lines'))
    },
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function LinePage({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, line } = loaderData
  const { t } = useTranslation('admin-lines')
  return (
    <section className="admin-page lines-page">
      <p>
        <Link to={adminPath(lang, 'lines')}>{t('edit.back')}</Link>
      </p>
      <h1>{line.name}</h1>
      <FormMessage toast={actionData?.toast} />
      <Form method="post" className="admin-card">
        <input type="hidden" name="intent" value="save" />
        <label className="field lines-name">
          <span className="field__label">{t('edit.name')}</span>
          <input name="name" defaultValue={line.name} required maxLength={120} className="field__input" />
        </label>
        <table className="admin-table lines-members">
          <TableHead
            caption={t('edit.members')}
            captionShown
            columns={[
              t('edit.position'),
              t('edit.product'),
              t('edit.concentration'),
              t('edit.kind'),
              t('edit.price'),
              t('edit.stock'),
              t('edit.remove'),
            ]}
          />
          <tbody>
            {line.members.map((member, index) => (
              <MemberRow key={member.id} lang={lang} member={member} position={index + 1} count={line.members.length} />
            ))}
          </tbody>
        </table>
        <button type="submit" className="button">
          {t('edit.save')}
        </button>
      </Form>
      <details className="admin-details">
        <summary>{t('edit.delete')}</summary>
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <button type="submit" className="admin-button admin-button--danger">
            {t('edit.delete_confirm')}
          </button>
        </Form>
      </details>
    </section>
  )
}

type Member = Route.ComponentProps['loaderData']['line']['members'][number]

/** A product of the line: its place, concentration and size kind to change, its price and stock, and remove. */
function MemberRow({ lang, member, position, count }: { lang: Lang; member: Member; position: number; count: number }) {
  const { t } = useTranslation('admin-lines')
  const { t: tp } = useTranslation('admin-products')
  return (
    <tr>
      <td data-label={t('edit.position')}>
        <input
          type="number"
          name={`position_${member.id}`}
          min={1}
          max={count}
          defaultValue={position}
          aria-label={`${t('edit.position')}: ${member.title}`}
          className="field__input lines-members__position"
        />
      </td>
      <td data-label={t('edit.product')}>
        <Link to={adminPath(lang, `products/${member.id}`)}>{member.title}</Link>
        {member.sku ? <span className="admin-muted"> · {member.sku}</span> : null}
        {member.is_hidden ? <span className="admin-badge">{t('section.hidden')}</span> : null}
      </td>
      <td data-label={t('edit.concentration')}>
        <select
          name={`concentration_${member.id}`}
          defaultValue={member.concentration ?? ''}
          aria-label={`${t('edit.concentration')}: ${member.title}`}
          className="field__input"
        >
          <ConcentrationOptions none={t('concentration.none')} />
        </select>
      </td>
      <td data-label={t('edit.kind')}>
        <select
          name={`size_kind_${member.id}`}
          defaultValue={member.size_kind ?? ''}
          aria-label={`${t('edit.kind')}: ${member.title}`}
          className="field__input"
        >
          <SizeKindOptions />
        </select>
      </td>
      <td data-label={t('edit.price')}>
        {formatMoney(member.sale_price ?? member.price, lang)}
        {member.volume ? (
          <span className="admin-muted">
            {' '}
            · {member.volume} {tp(`units.${member.unit}`)}
          </span>
        ) : null}
      </td>
      <td data-label={t('edit.stock')}>{member.stock}</td>
      <td data-label={t('edit.remove')}>
        <label className="admin-check">
          <input type="checkbox" name={`remove_${member.id}`} value="1" />
          <span className="visually-hidden">{t('edit.remove_label', { title: member.title })}</span>
        </label>
      </td>
    </tr>
  )
}

export const ErrorBoundary = AdminErrorBoundary
