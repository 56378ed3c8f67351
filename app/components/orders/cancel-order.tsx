import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { Modal } from '#app/components/modal.tsx'

export const OrderIntent = { cancel: 'cancel', pay: 'pay' } as const

/**
 * "Cancel order": without JavaScript the button posts at once; with it, a
 * confirmation modal asks first and its button posts the same form.
 */
export function CancelOrder() {
  const { t } = useTranslation('orders')
  const [open, setOpen] = useState(false)
  return (
    <>
      <Form method="post">
        <button
          type="submit"
          name="intent"
          value={OrderIntent.cancel}
          className="button button--ghost"
          onClick={(event) => {
            event.preventDefault()
            setOpen(true)
          }}
        >
          {t('order.cancel')}
        </button>
      </Form>
      <Modal open={open} onClose={() => setOpen(false)} title={t('order.cancel_title')}>
        <Form method="post" onSubmit={() => setOpen(false)}>
          <p>{t('order.cancel_text')}</p>
          <div className="confirm-actions">
            <button type="button" className="button button--ghost" onClick={() => setOpen(false)}>
              {t('order.cancel_keep')}
            </button>
            <button type="submit" name="intent" value={OrderIntent.cancel} className="button">
              {t('order.cancel_confirm')}
            </button>
          </div>
        </Form>
      </Modal>
    </>
  )
}
