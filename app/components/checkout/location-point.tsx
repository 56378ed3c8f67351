import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from '#app/components/toaster.tsx'

type Point = { latitude: string; longitude: string }

// Six decimals are about 10 cm: more than a courier needs, and what the order stores as text.
const fixed = (value: number) => value.toFixed(6)

/**
 * The delivery point without a maps key (docs/decisions/011-keyless-delivery-point.md): with
 * JavaScript the browser's geolocation fills the hidden latitude/longitude, which the order
 * keeps for the courier. The point stays optional (the address is enough); without JavaScript
 * nothing shows, except a point chosen before, which is kept.
 */
export function LocationPoint({ latitude, longitude }: { latitude?: string; longitude?: string }) {
  const { t } = useTranslation('checkout')
  const hydrated = useHydrated()
  const [point, setPoint] = useState<Point | null>(latitude && longitude ? { latitude, longitude } : null)
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle')
  const locate = () => {
    setState('busy')
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setPoint({ latitude: fixed(position.coords.latitude), longitude: fixed(position.coords.longitude) })
        setState('idle')
      },
      () => setState('failed'),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    )
  }
  const hidden = (
    <>
      <input type="hidden" name="latitude" value={point?.latitude ?? ''} />
      <input type="hidden" name="longitude" value={point?.longitude ?? ''} />
    </>
  )
  if (!hydrated || !('geolocation' in navigator)) return hidden
  return (
    <div className="field location-point">
      <p className="field__label">{t('address.geo_label')}</p>
      {hidden}
      {point ? (
        <p className="field__hint" role="status">
          {t('address.geo_chosen', point)}{' '}
          <button type="button" className="button-link" onClick={() => setPoint(null)}>
            {t('address.geo_clear')}
          </button>
        </p>
      ) : (
        <>
          <button
            type="button"
            className="button button--ghost"
            onClick={locate}
            disabled={state === 'busy'}
            aria-describedby="location-point-hint"
          >
            {state === 'busy' ? t('address.geo_busy') : t('address.geo_use')}
          </button>
          <p className="field__hint" id="location-point-hint" role={state === 'failed' ? 'alert' : undefined}>
            {state === 'failed' ? t('address.geo_failed') : t('address.geo_hint')}
          </p>
        </>
      )}
    </div>
  )
}
