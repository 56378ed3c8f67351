import type { FieldMetadata } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import type { Contacts } from '#api/types.ts'
import { Delivery } from '#contract/orders.ts'

type Point = Contacts['pickup_points'][number]

/**
 * Step 1's first question: a courier or pickup, and for pickup which
 * of the shop's points. Without JavaScript the points always show (the server
 * reads them only for pickup); with it, only once pickup is chosen.
 */
export function DeliveryWayChoice({
  way,
  onChange,
  points,
  showPickup,
  pointField,
  pointError,
}: {
  way: string
  onChange: (way: string) => void
  points: Point[]
  showPickup: boolean
  pointField: FieldMetadata<string>
  pointError: string | null
}) {
  const { t } = useTranslation('checkout')
  return (
    <>
      <fieldset className="checkout-choice">
        <legend>{t('receive.legend')}</legend>
        {Delivery.map((d) => (
          <label key={d} className="checkout-choice__option">
            <input type="radio" name="delivery" value={d} defaultChecked={d === way} onChange={() => onChange(d)} />
            <span>
              {t(`receive.${d}`)}
              <small>{t(`receive.${d}_hint`)}</small>
            </span>
          </label>
        ))}
      </fieldset>
      {/* Hidden rather than left out: a point chosen before the page came alive stays chosen. */}
      {points.length ? (
        <fieldset
          hidden={!showPickup}
          className={pointError ? 'checkout-choice field--invalid' : 'checkout-choice'}
          aria-describedby={pointError ? pointField.errorId : undefined}
        >
          <legend>{t('receive.point')}</legend>
          {points.map((point) => (
            <label key={point.id} className="checkout-choice__option">
              <input
                type="radio"
                name={pointField.name}
                value={point.id}
                defaultChecked={point.id === pointField.initialValue}
              />
              <span>
                {point.name}
                <small>
                  {point.address}. {t('receive.hours', { hours: point.hours })}
                </small>
              </span>
            </label>
          ))}
          {pointError ? (
            <p className="field__error" id={pointField.errorId}>
              {pointError}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </>
  )
}
