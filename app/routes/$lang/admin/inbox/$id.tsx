import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import { requestLang } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { idOf } from '#app/utils/ids.ts'
import { formatDate } from '#app/utils/money.ts'
import { getStaff, staffApi } from '#app/utils/staff-session.server.ts'
import { SMS_REPLY_MAX } from '#contract/desk.ts'
import { formatPhone } from '#contract/phone-format.ts'
import { DeskIntent, smsForm } from '../+shared/desk/forms.ts'
import { TextForm } from '../+shared/desk/text-form.tsx'
import type { InboxStatus } from '../+shared/desk/types.ts'
import { staffCan } from '../+shared/staff.ts'
import { deskChange, deskText } from '../desk.server.ts'
import { byIntent, pageId, staffLoad } from '../forms.server.ts'

import type { Route } from './+types/$id'
import '../+shared/desk/pages.css'
import '../+shared/desk/desk.css'

const statuses: InboxStatus[] = ['new', 'in_progress', 'done']
export async function loader({ params, context }: Route.LoaderArgs) {
  const message = await staffLoad(context, `admin/inbox/${pageId(params.id)}/`)
  const me = getStaff(context)
  // Whom to give it to: the owner picks from the staff list; others may take it themselves.
  const assignees = staffCan(me, 'staff.manage')
    ? (await staffLoad(context, 'admin/staff/')).results
        .filter((s) => !s.disabled)
        .map(({ id, name }) => ({ id, name }))
    : me.id
      ? [{ id: me.id, name: me.name }]
      : []
  return {
    lang: requestLang(context),
    message,
    assignees,
    title: serverT(context, 'admin-desk')('inbox.meta_one', { id: message.id }),
  }
}

const idValue = (value: FormDataEntryValue | null) => idOf(value)

/** Status and assignee, "unread again", an SMS reply: plain forms posting here, then back to the message. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requestLang(context)
  const t = serverT(context, 'admin-desk')
  const id = pageId(params.id)
  const page = { context, here: `/${lang}/admin/inbox/${id}` }
  const api = staffApi(context)
  return byIntent(await request.formData(), {
    [DeskIntent.update]: (form) =>
      deskChange(page, async () => {
        const status = statuses.find((s) => s === form.get('status'))
        await api.send('PATCH', `admin/inbox/${id}/`, { status, assignee_id: idValue(form.get('assignee_id')) })
        return t('inbox.saved')
      }),
    [DeskIntent.unread]: () =>
      deskChange(
        page,
        async () => {
          await api.send('PATCH', `admin/inbox/${id}/`, { read: false })
          return t('inbox.marked_unread')
        },
        `/${lang}/admin/inbox`,
      ),
    [DeskIntent.sms]: (form) =>
      deskText(page, form, {
        intent: DeskIntent.sms,
        schema: smsForm,
        field: 'text',
        send: async (text) => {
          await api.send('POST', `admin/inbox/${id}/reply/`, { text })
          return t('inbox.sms_sent')
        },
      }),
  })
}

// The admin layout keeps every page out of caches and search engines.
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

type Message = Route.ComponentProps['loaderData']['message']
type Assignees = Route.ComponentProps['loaderData']['assignees']

export default function InboxMessagePage({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, message: m, assignees } = loaderData
  const { t } = useTranslation('admin-desk')
  return (
    <div className="desk-page">
      <p>
        <Link to={`/${lang}/admin/inbox`}>{t('inbox.back')}</Link>
      </p>
      <div className="desk-heading">
        <h1>{t('inbox.meta_one', { id: m.id })}</h1>
        <span className="desk-badge">{t(`inbox.kind_${m.kind}`)}</span>
        <span className="desk-muted">{formatDate(m.created_at)}</span>
      </div>
      <div className="desk-order">
        <div className="desk-order__main">
          <MessageText message={m} />
          <section className="admin-card" aria-labelledby="inbox-replies">
            <h2 id="inbox-replies">{t('inbox.replies')}</h2>
            {m.replies.length ? (
              <ul className="desk-replies">
                {m.replies.map((r) => (
                  <li key={r.created_at + r.text}>
                    <p>{r.text}</p>
                    <p className="desk-muted">
                      {r.staff?.name ?? '—'} · {formatDate(r.created_at)}
                    </p>
                  </li>
                ))}
              </ul>
            ) : null}
            {!m.phone ? (
              <p className="desk-muted">{t('inbox.no_phone_hint')}</p>
            ) : m.replies_left > 0 ? (
              <TextForm
                id="inbox-sms-form"
                intent={DeskIntent.sms}
                label={t('inbox.sms_label')}
                hint={t('inbox.sms_hint', { max: SMS_REPLY_MAX, left: m.replies_left })}
                submit={t('inbox.sms_submit')}
                max={SMS_REPLY_MAX}
                lastResult={actionData?.intent === DeskIntent.sms ? actionData.result : undefined}
              />
            ) : (
              <p className="desk-muted">{t('inbox.sms_limit')}</p>
            )}
          </section>
        </div>
        <div className="desk-order__side">
          <Handling message={m} assignees={assignees} />
        </div>
      </div>
    </div>
  )
}

/** What the customer wrote, who they are and where they were, and their screenshot. */
function MessageText({ message: m }: { message: Message }) {
  const { t } = useTranslation('admin-desk')
  return (
    <section className="admin-card" aria-labelledby="inbox-text">
      <h2 id="inbox-text">{m.name ?? t('inbox.no_name')}</h2>
      <dl className="admin-facts">
        <dt>{t('inbox.phone')}</dt>
        <dd>{m.phone ? formatPhone(m.phone) : t('inbox.no_phone')}</dd>
        <dt>{t('inbox.language')}</dt>
        <dd>{m.lang}</dd>
        {m.page ? (
          <>
            <dt>{t('inbox.page')}</dt>
            <dd>
              {/* A path of this shop opens; anything else is shown, not followed. */}
              {m.page.startsWith('/') && !m.page.startsWith('//') ? (
                <a href={m.page} rel="noreferrer">
                  {m.page}
                </a>
              ) : (
                <code>{m.page}</code>
              )}
            </dd>
          </>
        ) : null}
      </dl>
      <p className="desk-message">{m.text}</p>
      {m.screenshot ? (
        <figure className="desk-screenshot">
          <a href={m.screenshot}>
            <img src={m.screenshot} alt={t('inbox.screenshot')} loading="lazy" />
          </a>
          <figcaption>{t('inbox.screenshot')}</figcaption>
        </figure>
      ) : null}
    </section>
  )
}

/** Where the message stands and who handles it; or back to unread. */
function Handling({ message: m, assignees }: { message: Message; assignees: Assignees }) {
  const { t } = useTranslation('admin-desk')
  return (
    <section className="admin-card" aria-labelledby="inbox-state">
      <h2 id="inbox-state">{t('inbox.handling')}</h2>
      <Form method="post" className="desk-text-form">
        <input type="hidden" name="intent" value={DeskIntent.update} />
        <div className="field">
          <label className="field__label" htmlFor="inbox-status">
            {t('inbox.status')}
          </label>
          <select id="inbox-status" name="status" className="field__input" defaultValue={m.status}>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {t(`inbox.status_${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="inbox-assignee">
            {t('inbox.assignee')}
          </label>
          <select id="inbox-assignee" name="assignee_id" className="field__input" defaultValue={m.assignee?.id ?? ''}>
            <option value="">{t('inbox.nobody')}</option>
            {m.assignee && !assignees.some((a) => a.id === m.assignee?.id) ? (
              <option value={m.assignee.id}>{m.assignee.name}</option>
            ) : null}
            {assignees.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="admin-button">
          {t('inbox.save')}
        </button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value={DeskIntent.unread} />
        <button type="submit" className="admin-button admin-button--quiet">
          {t('inbox.mark_unread')}
        </button>
      </Form>
    </section>
  )
}
