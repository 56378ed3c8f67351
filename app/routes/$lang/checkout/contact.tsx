import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { data, Form, redirect } from 'react-router'
import { FormMessage, PhoneField, TextField } from '#app/components/account/fields.tsx'
import { BackButton, CheckoutShell } from '#app/components/checkout/checkout-shell.tsx'
import { CheckoutIntent, contactForm } from '#app/components/checkout/schemas.ts'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import type { FormFields } from '#app/utils/form-fields.ts'
import { byIntent, type ProfileActionData, parseForm, toastMessage, validationToast } from '#app/utils/forms.server.ts'
import { maskPhone } from '#contract/phone-format.ts'
import type { Route } from './+types/contact'
import { loadCheckout, personal, requireStep } from './checkout.server.ts'
import { checkoutHeaders, pickFields } from './state.server.ts'

const keys = ['name', 'phone', 'extra_phone'] as const

/** Step 2: who receives the order (SPEC §2); the customer's own name and number to start with. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, lang, t, cart, state } = await loadCheckout({ request, context })
  requireStep(state, lang, 2)
  const contact = state.contact ?? { name: user.full_name, phone: user.phone, extra_phone: user.extra_phone ?? '' }
  return data(
    { lang, cart, contact, reached: state.contactDone ? 3 : 2, title: t('meta_title') },
    { headers: personal },
  )
}

export const headers = () => personal

/** On to step 3 with the contact checked, or back to step 1 keeping what was typed, checked or not. */
export async function action({ request, context }: Route.ActionArgs) {
  const { lang, t, state } = await loadCheckout({ request, context })
  const formData = await request.formData()
  return byIntent(formData, {
    [CheckoutIntent.back]: async () => {
      const contact = pickFields(formData, keys, ['name'])
      return redirect(`/${lang}/checkout`, { headers: await checkoutHeaders(request, { ...state, contact }) })
    },
    [CheckoutIntent.next]: async () => {
      requireStep(state, lang, 2)
      const submission = parseForm(formData, contactForm)
      if (submission.status !== 'success') {
        const toast = toastMessage('error', validationToast(submission, t))
        return data({ result: submission.reply(), toast } satisfies ProfileActionData, { status: 400 })
      }
      const { name, phone, extra_phone } = submission.value
      const contact = { name, phone, extra_phone: extra_phone ?? '' }
      return redirect(`/${lang}/checkout/payment`, {
        headers: await checkoutHeaders(request, { ...state, contact, contactDone: true }),
      })
    },
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
]

const masked = (phone: string | undefined) => (phone ? maskPhone(phone) : '')

export default function ContactStep({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, cart, contact, reached } = loaderData
  const { t } = useTranslation('checkout')
  const answer = actionData
  const [form, fields] = useForm<FormFields<typeof contactForm>>({
    id: 'checkout-contact',
    lastResult: answer?.result,
    shouldValidate: 'onSubmit',
    defaultValue: { name: contact.name, phone: masked(contact.phone), extra_phone: masked(contact.extra_phone) },
  })
  return (
    <CheckoutShell lang={lang} step={2} reached={reached} cart={cart}>
      <FormMessage toast={answer?.toast} />
      <Form method="post" className="checkout-form" {...getFormProps(form)}>
        <TextField field={fields.name} label={t('contact.name')} autoComplete="name" />
        <PhoneField field={fields.phone} label={t('contact.phone')} />
        <PhoneField field={fields.extra_phone} label={t('contact.extra_phone')} />
        <div className="checkout-form__actions">
          <button type="submit" name="intent" value={CheckoutIntent.next} className="button">
            {t('next')}
          </button>
          <BackButton />
        </div>
      </Form>
    </CheckoutShell>
  )
}

export const ErrorBoundary = RouteErrorBoundary
