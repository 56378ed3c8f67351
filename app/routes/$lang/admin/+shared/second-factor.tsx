import { getFormProps, useForm } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form, useNavigation } from 'react-router'
import { CodeField, FormMessage } from '#app/components/account/fields.tsx'
import type { FormFields } from '#app/utils/form-fields.ts'
import type { totpConfirmSchema } from '#contract/staff.ts'
import type { Enrolment, FormAnswer } from './forms.tsx'

/** The set-up's answers: the QR code to show (again), the recovery codes once confirmed. */
export type SecondFactorAnswer = FormAnswer & {
  enrolment?: Enrolment | null
  recovery_codes?: string[]
  /** The "I saved them" step's intent: the set-up's, or replacing the codes' (My account). */
  saved_intent?: string
}

/**
 * Setting up the authenticator: a button that asks for a secret, then the QR
 * code and the secret as text (for typing in by hand), then the app's code.
 * After the code: the recovery codes, shown once, and "I saved them".
 */
export function SecondFactorSetup({ answer }: { answer?: SecondFactorAnswer }) {
  if (answer?.recovery_codes)
    return <RecoveryCodes codes={answer.recovery_codes} toast={answer.toast} intent={answer.saved_intent} />
  if (answer?.enrolment) return <ConfirmEnrolment enrolment={answer.enrolment} answer={answer} />
  return <StartEnrolment answer={answer} />
}

function StartEnrolment({ answer }: { answer?: SecondFactorAnswer }) {
  const { t } = useTranslation('admin')
  const busy = useNavigation().state === 'submitting'
  return (
    <Form method="post" className="auth-form">
      <FormMessage toast={answer?.intent === 'totp_start' ? answer.toast : undefined} />
      <p>{t('second_factor.intro')}</p>
      <button type="submit" name="intent" value="totp_start" className="button" disabled={busy}>
        {t('second_factor.start')}
      </button>
    </Form>
  )
}

function ConfirmEnrolment({ enrolment, answer }: { enrolment: Enrolment; answer: SecondFactorAnswer }) {
  const { t } = useTranslation('admin')
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<FormFields<typeof totpConfirmSchema>>({
    id: 'totp-confirm',
    lastResult: answer.intent === 'totp_confirm' ? answer.result : undefined,
    shouldValidate: 'onSubmit',
  })
  return (
    <Form method="post" className="auth-form" {...getFormProps(form)}>
      <FormMessage toast={answer.intent === 'totp_confirm' ? answer.toast : undefined} />
      <ol className="admin-steps">
        <li>{t('second_factor.scan')}</li>
        <li>{t('second_factor.enter_code')}</li>
      </ol>
      <p className="admin-qr">
        <img
          src={`data:image/svg+xml;base64,${toBase64(enrolment.qr_svg)}`}
          alt={t('second_factor.qr_alt')}
          width={200}
          height={200}
        />
      </p>
      <label className="field__label" htmlFor="totp-secret">
        {t('second_factor.secret_label')}
      </label>
      <input id="totp-secret" name="secret" className="admin-secret" readOnly value={enrolment.secret} />
      <input type="hidden" name="otpauth_uri" value={enrolment.otpauth_uri} />
      <input type="hidden" name="intent" value="totp_confirm" />
      <CodeField field={fields.code} label={t('fields.totp_code')} autoFocus />
      <button type="submit" className="button" disabled={busy}>
        {t('second_factor.confirm')}
      </button>
    </Form>
  )
}

/** The ten recovery codes, once; the page goes on only when "I saved them" is ticked. */
export function RecoveryCodes({
  codes,
  toast,
  intent = 'codes_saved',
}: {
  codes: string[]
  toast?: SecondFactorAnswer['toast']
  intent?: string
}) {
  const { t } = useTranslation('admin')
  return (
    <Form method="post" className="auth-form">
      <FormMessage toast={toast} />
      <h2>{t('second_factor.codes_title')}</h2>
      <p className="admin-alert" role="status">
        {t('second_factor.codes_text')}
      </p>
      <ul className="admin-codes" aria-label={t('second_factor.codes_title')}>
        {codes.map((code) => (
          <li key={code}>
            <code className="admin-secret">{code}</code>
            <input type="hidden" name="recovery_codes" value={code} />
          </li>
        ))}
      </ul>
      <label className="admin-check">
        <input type="checkbox" name="saved" required /> {t('second_factor.saved')}
      </label>
      <button type="submit" name="intent" value={intent} className="button">
        {t('second_factor.continue')}
      </button>
    </Form>
  )
}

/** UTF-8 safe base64 for a data: URL, on the server and in the browser. */
function toBase64(text: string) {
  const bytes = new TextEncoder().encode(text)
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/**
 * The second factor once it is on: how to get back in without the phone
 * (an owner has no owner to ask: the recovery codes, another owner, or the
 * command on the shop's server), and ten new recovery codes for the current
 * code of the app.
 */
export function SecondFactorOn({
  answer,
  owner,
  phone,
}: {
  answer?: SecondFactorAnswer
  owner: boolean
  phone: string
}) {
  const { t } = useTranslation('admin')
  const busy = useNavigation().state === 'submitting'
  const mine = answer?.intent === 'recovery_regenerate'
  const [form, fields] = useForm<FormFields<typeof totpConfirmSchema>>({
    id: 'recovery-regenerate',
    lastResult: mine ? answer.result : undefined,
    shouldValidate: 'onSubmit',
  })
  return (
    <>
      <p>
        <span className="admin-badge admin-badge--ok">{t('second_factor.on')}</span> {t('second_factor.on_text')}
      </p>
      <p>{owner ? t('second_factor.lost_owner', { phone }) : t('second_factor.lost_staff')}</p>
      <Form method="post" className="auth-form" aria-labelledby="recovery-regenerate-title" {...getFormProps(form)}>
        <h3 id="recovery-regenerate-title">{t('second_factor.regenerate_title')}</h3>
        <FormMessage toast={mine ? answer.toast : undefined} />
        <p>{t('second_factor.regenerate_text')}</p>
        <input type="hidden" name="intent" value="recovery_regenerate" />
        <CodeField field={fields.code} label={t('fields.totp_code')} />
        <button type="submit" className="admin-button" disabled={busy}>
          {t('second_factor.regenerate')}
        </button>
      </Form>
    </>
  )
}
