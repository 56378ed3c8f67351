import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import type { Lang } from '#app/utils/i18n.ts'
import { Modal } from '../modal.tsx'

/** The confirmation's text and buttons: in the modal (JavaScript) and on the confirmation page. */
export function DeleteAccountForm({ lang, onCancel }: { lang: Lang; onCancel?: () => void }) {
  const { t } = useTranslation('profile')
  return (
    <Form method="post" action={`/${lang}/profile/delete`}>
      <p>{t('delete.text')}</p>
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
        <button type="submit" className="button">
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
