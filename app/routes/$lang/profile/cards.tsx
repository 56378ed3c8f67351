import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form, Link, redirect, useNavigation } from 'react-router'
import type { SavedCard } from '#api/types.ts'
import { FormMessage } from '#app/components/account/fields.tsx'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import {
  CardCodeField,
  CardExpiryField,
  CardIntent,
  CardNumberField,
  CardTile,
  PaymeNotice,
  RemoveCard,
  RemoveCardForm,
} from '#app/components/profile/cards.tsx'
import { ProfileShell } from '#app/components/profile/profile-shell.tsx'
import { paymeKeepsCards } from '#app/routes/$lang/checkout/place.server.ts'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { orNull } from '#app/utils/api-errors.server.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import type { FormFields } from '#app/utils/form-fields.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { codeForm } from '#contract/account.ts'
import { cardExpirySchema, cardNumberSchema } from '#contract/card.ts'
import { z } from '#contract/zod.ts'
import type { Route } from './+types/cards'
import { apiError, byIntent, fieldsOf, formFailure, parseForm } from './forms.server.ts'

const addForm = z.object({ number: cardNumberSchema, expiry: cardExpirySchema() })
const verifyForm = codeForm.extend({ card_id: z.coerce.number().int().positive() })
/** A card to remove: its id (none or another's: nothing to remove, the list as it is). */
const removeForm = z.object({
  card_id: z
    .string()
    .optional()
    .transform((id) => cardId(id ?? null)),
})
const cardId = (value: string | null) => {
  const id = Number(value)
  return Number.isInteger(id) && id > 0 && id < 2 ** 31 ? id : null
}

/**
 * The customer's saved cards (SPEC §2, §3): the list with remove, the add
 * form and, after it (`?card=<id>`), the SMS code step. Everything is a plain
 * form (post/redirect/get); `?remove=<id>` is the confirmation without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiClientContext)
  const search = new URL(request.url).searchParams
  const cards = await api.get('cards/')
  let pending: SavedCard | null = null
  const pendingId = cardId(search.get('card'))
  if (pendingId) {
    pending = await orNull(api.get(`cards/${pendingId}/`))
    if (pending?.verified) pending = null
  }
  const removeId = cardId(search.get('remove'))
  return {
    lang: requestLang(context),
    cards,
    pending,
    removing: cards.find((card) => card.id === removeId) ?? null,
    payme: paymeKeepsCards(),
    title: serverT(context, 'cards')('title'),
  }
}

/** The cards' forms, one function per `intent`: remove a card, add one, confirm it with the SMS code. */
export async function action({ request, context }: Route.ActionArgs) {
  const t = serverT(context, 'cards')
  const here = `/${requestLang(context)}/profile/cards`
  const api = context.get(apiClientContext)
  const formData = await request.formData()
  return byIntent(formData, {
    [CardIntent.remove]: async () => {
      const { card_id } = fieldsOf(formData, removeForm)
      try {
        if (card_id) await api.send('DELETE', `cards/${card_id}/`)
        flash(context, { type: 'success', message: t('toast.removed') })
      } catch (error) {
        flash(context, { type: 'error', message: apiError(error, [], t('toast.generic')).detail })
      }
      return redirect(here)
    },
    [CardIntent.verify]: async () => {
      const submission = parseForm(formData, verifyForm)
      if (submission.status !== 'success') return formFailure(submission, { toast: t('toast.code') })
      try {
        await api.send('POST', `cards/${submission.value.card_id}/verify/`, { code: submission.value.code })
      } catch (error) {
        const failed = apiError(error, ['code'], t('toast.generic'))
        return formFailure(submission, {
          toast: failed.firstError,
          status: failed.status,
          fieldErrors: { code: [failed.firstError] },
        })
      }
      flash(context, { type: 'success', message: t('toast.added') })
      return redirect(here)
    },
    [CardIntent.add]: async () => {
      const submission = parseForm(formData, addForm)
      if (submission.status !== 'success') return formFailure(submission, { toast: t('toast.fill_form') })
      try {
        const added = await api.send('POST', 'cards/', submission.value)
        flash(context, { type: 'info', message: t('toast.code_sent', { phone: added.phone }) })
        return redirect(`${here}?card=${added.card_id}`)
      } catch (error) {
        const failed = apiError(error, ['number', 'expiry'], t('toast.generic'))
        return formFailure(submission, { toast: failed.detail, status: failed.status, fieldErrors: failed.fieldErrors })
      }
    },
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
]

export default function CardsPage({
  loaderData: { lang, cards, pending, removing, payme, title },
  actionData,
}: Route.ComponentProps) {
  const { t } = useTranslation('cards')
  const answer = actionData
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<FormFields<typeof addForm> & FormFields<typeof verifyForm>>({
    id: pending ? `card-code-${pending.id}` : 'card-add',
    lastResult: answer?.result,
    shouldValidate: 'onSubmit',
  })
  return (
    <ProfileShell lang={lang} title={title}>
      <FormMessage toast={answer?.toast} />
      {removing ? (
        <section className="card-remove" aria-labelledby="card-remove-title">
          <h2 id="card-remove-title">{t('remove.title')}</h2>
          <RemoveCardForm lang={lang} card={removing} />
        </section>
      ) : null}
      {cards.length ? (
        <ul className="saved-cards" aria-label={t('list.label')}>
          {cards.map((card) => (
            <li key={card.id} className="saved-cards__item">
              <CardTile card={card} action={<RemoveCard lang={lang} card={card} />} />
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('list.empty')}</p>
      )}
      {pending ? (
        <section aria-labelledby="card-code-title">
          <h2 id="card-code-title">{t('code.title')}</h2>
          <p>
            {pending.phone
              ? t('code.text', { card: pending.masked_number, phone: pending.phone })
              : t('code.text_no_phone', { card: pending.masked_number })}
          </p>
          <Form method="post" className="profile-form" {...getFormProps(form)}>
            <input type="hidden" name="card_id" value={pending.id} />
            <CardCodeField field={fields.code} />
            <div className="profile-actions">
              <button type="submit" name="intent" value={CardIntent.verify} className="button" disabled={busy}>
                {t('code.submit')}
              </button>
              <Link to={`/${lang}/profile/cards`}>{t('code.other_card')}</Link>
            </div>
          </Form>
        </section>
      ) : (
        <section aria-labelledby="card-add-title">
          <h2 id="card-add-title">{t('add.title')}</h2>
          {payme ? <PaymeNotice /> : null}
          <p className="field__hint">{t('add.systems')}</p>
          <Form method="post" action={`/${lang}/profile/cards`} className="profile-form" {...getFormProps(form)}>
            <CardNumberField field={fields.number} />
            <CardExpiryField field={fields.expiry} />
            <button type="submit" name="intent" value={CardIntent.add} className="button" disabled={busy}>
              {t('add.submit')}
            </button>
          </Form>
        </section>
      )}
    </ProfileShell>
  )
}

export const ErrorBoundary = RouteErrorBoundary
