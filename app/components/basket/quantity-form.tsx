import { useFetcher } from 'react-router'
import { QUANTITY_MAX } from '#contract/basket.ts'
import { useAnswerToast } from './answer-toast.ts'
import { useBasketUi } from './basket-context.tsx'
import { FormContext } from './form-context.tsx'
import { BasketIntent, basketPath, replayedWhenAlive } from './intents.ts'
import { wantedQuantity } from './optimistic-badges.ts'
import { useLatestPress } from './presses.ts'

/** The fetcher of a product's quantity form: the basket line and the product page share it. */
export const quantityFetcherKey = (productId: number) => `basket-line-${productId}`

const fromServer = ['current']

/** The quantity as the server said, or as a pending change asks. */
export function usePendingQuantity(productId: number, current: number) {
  const fetcher = useFetcher({ key: quantityFetcherKey(productId) })
  return fetcher.formData ? wantedQuantity(fetcher.formData) : current
}

/**
 * − / a number with "update" / + for a product in the basket: one form that
 * works without JavaScript; with it the number goes on Enter or blur and there
 * is no "update" (`anchor`: the fragment it comes back to).
 */
export function QuantityForm({
  productId,
  title,
  current,
  anchor,
}: {
  productId: number
  title: string
  current: number
  anchor?: string
}) {
  const ui = useBasketUi()
  const fetcher = useFetcher({ key: quantityFetcherKey(productId) })
  // `current` is what the server counted from: read again when a waiting press goes.
  const press = useLatestPress(fetcher, fromServer)
  useAnswerToast(fetcher)
  if (!ui) return null
  const { t, lang } = ui
  const quantity = press.formData ? wantedQuantity(press.formData) : current
  const sendTyped = (input: HTMLInputElement) => {
    if (input.form && input.checkValidity() && Number(input.value) !== quantity) press.send(input.form)
  }
  return (
    <fetcher.Form
      method="post"
      action={basketPath(lang)}
      className="quantity-form"
      onSubmit={press.onSubmit}
      {...replayedWhenAlive}
    >
      <FormContext here={ui.here} hydrated={ui.hydrated} anchor={anchor} />
      <input type="hidden" name="intent" value={BasketIntent.set} />
      <input type="hidden" name="product_id" value={productId} />
      <input type="hidden" name="current" value={current} />
      <button
        type="submit"
        name="step"
        value="-1"
        className="quantity-form__step"
        disabled={quantity <= 1}
        aria-label={t('page.decrease', { title })}
      >
        −
      </button>
      <label className="visually-hidden" htmlFor={`quantity-${productId}`}>
        {t('page.quantity_label', { title })}
      </label>
      <input
        // A new server answer (or a pending change) puts the number in again.
        key={quantity}
        id={`quantity-${productId}`}
        className="quantity-form__input"
        type="number"
        name="quantity"
        inputMode="numeric"
        min={1}
        max={QUANTITY_MAX}
        required
        defaultValue={quantity}
        // With JavaScript a typed number goes on Enter or on leaving the field: no "update" button.
        onBlur={(event) => sendTyped(event.currentTarget)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return
          event.preventDefault()
          sendTyped(event.currentTarget)
        }}
      />
      <button
        type="submit"
        name="step"
        value="1"
        className="quantity-form__step"
        disabled={quantity >= QUANTITY_MAX}
        aria-label={t('page.increase', { title })}
      >
        +
      </button>
      {ui.hydrated ? null : (
        <button
          type="submit"
          className="button-link quantity-form__update"
          aria-label={t('page.update_label', { title })}
        >
          {t('page.update')}
        </button>
      )}
    </fetcher.Form>
  )
}
