import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from '#app/components/toaster.tsx'
import { useNonce } from '#app/utils/nonce.tsx'
import { mapScriptUrl } from '#contract/maps.ts'

// Yandex Maps JS API 2.1 (REFERENCE-UZ "Maps"): Russian, latitude first. Only
// the few calls used here are typed.
type Coords = [number, number]
type GeoObject = { getThoroughfare?(): string | undefined; getPremiseNumber?(): string | undefined }
type YMaps = {
  ready(fn: () => void): void
  Map: new (el: HTMLElement, state: { center: Coords; zoom: number; controls: string[] }) => YMap
  Placemark: new (at: Coords, props: object, options: { draggable: boolean }) => Placemark
  geocode(at: Coords, options?: { results: number }): Promise<{ geoObjects: { get(i: number): GeoObject | undefined } }>
}
type YMap = {
  geoObjects: { add(o: Placemark): void }
  events: { add(name: string, fn: (e: { get(key: string): Coords }) => void): void }
  destroy(): void
}
type Placemark = {
  geometry: { getCoordinates(): Coords; setCoordinates(c: Coords): void }
  events: { add(name: string, fn: () => void): void }
}

declare global {
  interface Window {
    /** Set by the Yandex Maps script once it has loaded. */
    ymaps?: YMaps
  }
}

// Tashkent, Amir Temur square: where the placemark starts.
const TASHKENT: Coords = [41.311081, 69.279737]

/**
 * The delivery point on a map: a draggable placemark (or a click) sets the
 * hidden latitude/longitude and fills street and house from the geocoder;
 * the customer can correct them (only what they confirm is stored). Once the
 * map works the form sends `map=1` and the point becomes required. Without
 * JavaScript the script never runs and the address fields alone are used.
 */
export function MapPicker({
  apiKey,
  latitude,
  longitude,
  error,
}: {
  apiKey: string
  latitude?: string
  longitude?: string
  error?: string
}) {
  const { t } = useTranslation('checkout')
  const nonce = useNonce()
  const hydrated = useHydrated()
  const box = useRef<HTMLDivElement>(null)
  const [ready, setReady] = useState(false)
  const [point, setPoint] = useState<Coords | null>(
    latitude && longitude ? [Number(latitude), Number(longitude)] : null,
  )

  // Where the map opens: the point chosen before; later points come from the map itself.
  const initial = useRef(point)

  useEffect(() => {
    if (!hydrated) return
    let map: YMap | undefined
    let cancelled = false
    let tries = 0
    const start = () => {
      const ymaps = window.ymaps
      if (!ymaps) {
        // The script tag loads asynchronously; give it up to 20 s.
        if (tries++ < 100 && !cancelled) timer = window.setTimeout(start, 200)
        return
      }
      ymaps.ready(() => {
        if (cancelled || !box.current) return
        const at = initial.current ?? TASHKENT
        map = new ymaps.Map(box.current, { center: at, zoom: initial.current ? 16 : 12, controls: ['zoomControl'] })
        const mark = new ymaps.Placemark(at, {}, { draggable: true })
        map.geoObjects.add(mark)
        const choose = (coords: Coords) => {
          setPoint(coords)
          ymaps
            .geocode(coords, { results: 1 })
            .then((res) => {
              const place = res.geoObjects.get(0)
              const form = box.current?.closest('form')
              if (!place || !form) return
              const fill = (name: string, value: string | undefined) => {
                const input = form.elements.namedItem(name)
                if (value && input instanceof HTMLInputElement) input.value = value
              }
              fill('street', place.getThoroughfare?.())
              fill('house', place.getPremiseNumber?.())
            })
            .catch(() => undefined)
        }
        mark.events.add('dragend', () => choose(mark.geometry.getCoordinates()))
        map.events.add('click', (e) => {
          const coords = e.get('coords')
          mark.geometry.setCoordinates(coords)
          choose(coords)
        })
        setReady(true)
      })
    }
    let timer = window.setTimeout(start, 0)
    return () => {
      cancelled = true
      window.clearTimeout(timer)
      map?.destroy()
    }
  }, [hydrated])

  return (
    <div className={error ? 'field field--invalid map-picker' : 'field map-picker'}>
      <script async src={mapScriptUrl(apiKey)} nonce={nonce || undefined} />
      <p className="field__label" id="map-label">
        {t('address.map')}
      </p>
      <div ref={box} className="map-picker__map" role="application" aria-labelledby="map-label" />
      {ready ? <input type="hidden" name="map" value="1" /> : null}
      <input type="hidden" name="latitude" value={point ? String(point[0]) : ''} />
      <input type="hidden" name="longitude" value={point ? String(point[1]) : ''} />
      <p className="field__hint">{point ? t('address.map_chosen') : t('address.map_hint')}</p>
      {error ? (
        <p className="field__error" id="map-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
