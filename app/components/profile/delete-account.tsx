import { getFormProps, useForm } from '@conform-to/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import type { FormFields } from '#app/utils/form-fields.ts'
import type { ProfileActionData } from '#app/utils/forms.server.ts'
import type { Lang } from '#app/utils/i18n.ts'
import type { accountDeleteForm } from '#contract/account.ts'
import { PasswordField } from '../account/fields.tsx'
import { FormMessage } from '../form-message.tsx'
import { Modal } from '../modal.tsx'

/**
 * The confirmation's text, the password and the buttons: in the modal
 * (JavaScript) and on the confirmation page. Deleting is explicit: only the
 * "Delete" button sends `confirm=delete`, and the password goes with it.
 */
export function DeleteAccountForm({
  lang,
  answer,
  onCancel,
}: {
  lang: Lang
  answer?: ProfileActionData
  onCancel?: () => void
}) {
  const { t } = useTranslation('profile')
  const [form, fields] = useForm<FormFields<typeof accountDeleteForm>>({
    id: 'delete-account',
    lastResult: answer?.result,
    shouldValidate: 'onSubmit',
  })
  return (
    <Form method="post" action={`/${lang}/profile/delete`} {...getFormProps(form)}>
      <FormMessage toast={answer?.toast} />
      <p>{t('delete.text')}</p>
      <PasswordField field={fields.password} label={t('fields.old_password')} autoComplete="current-password" />
      <div className="profile-actions">
        {onCancel ? (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {t('delete.cancel')}
          </button>
        ) : (
          <Link className="button button--ghost" to={`/${lang}/profile/settings`}>
            {t('delete.cancel')}
          </Link>
        )}
        <button type="submit" className="button" name="confirm" value="delete">
          {t('delete.submit')}
        </button>
      </div>
    </Form>
  )
}

/** "Delete account": a link to the confirmation page that, with JavaScript, opens the confirmation as a modal. */
export function DeleteAccount({ lang }: { lang: Lang }) {
  const { t } = useTranslation('profile')
  const [open, setOpen] = useState(false)
  return (
    <>
      <Link
        to={`/${lang}/profile/delete`}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey) return
          event.preventDefault()
          setOpen(true)
        }}
      >
        {t('delete.link')}
      </Link>
      <Modal open={open} onClose={() => setOpen(false)} title={t('delete.title')}>
        <DeleteAccountForm lang={lang} onCancel={() => setOpen(false)} />
      </Modal>
    </>
  )
}
