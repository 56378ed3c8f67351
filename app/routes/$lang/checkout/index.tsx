import { getFormProps, getSelectProps, useForm } from '@conform-to/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Form, redirect } from 'react-router'
import { FormMessage, TextField, useErrorText } from '#app/components/account/fields.tsx'
import { CheckoutShell } from '#app/components/checkout/checkout-shell.tsx'
import { DeliveryWayChoice } from '#app/components/checkout/delivery-way.tsx'
import { LocationPoint } from '#app/components/checkout/location-point.tsx'
import { MapPicker } from '#app/components/checkout/map-picker.tsx'
import { addressForm, CheckoutIntent, pickupForm } from '#app/components/checkout/schemas.ts'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { useHydrated } from '#app/components/toaster.tsx'
import type { FormFields } from '#app/utils/form-fields.ts'
import { type ProfileActionData, parseForm, toastMessage } from '#app/utils/forms.server.ts'
import { TASHKENT_CITY } from '#contract/regions.ts'
import type { Route } from './+types/index'
import { loadCheckout, loadPickupPoints, loadRegions, mapPicker, personal } from './checkout.server.ts'
import { checkoutHeaders } from './state.server.ts'

/**
 * Step 1: pickup or courier first. Pickup: one of the shop's points, no address. Courier: the
 * address (SPEC §2), with the map picker when a Yandex key is set, else the browser's location.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang, t, cart, state } = await loadCheckout({ request, context })
  const [regions, points] = await Promise.all([loadRegions(context), loadPickupPoints(context)])
  return data(
    {
      lang,
      cart,
      regions,
      points,
      address: state.address ?? {},
      reached: state.contactDone ? 3 : state.addressDone ? 2 : 1,
      maps: mapPicker(),
      title: t('meta_title'),
    },
    { headers: personal },
  )
}

export const headers = () => personal

export async function action({ request, context }: Route.ActionArgs) {
  const { lang, t, state } = await loadCheckout({ request, context })
  const formData = await request.formData()
  const next = `/${lang}/checkout/contact`
  const points = await loadPickupPoints(context)
  if (formData.get('delivery') === 'pickup' && points.length) {
    const submission = parseForm(formData, pickupForm)
    const point = submission.status === 'success' && points.find((p) => p.id === submission.value.pickup_point)
    if (!point) {
      const result = submission.reply({ fieldErrors: { pickup_point: [t('receive.choose_point')] } })
      const toast = toastMessage('error', t('receive.choose_point'))
      return data({ result, toast } satisfies ProfileActionData, { status: 400 })
    }
    const address = { ...state.address, delivery: 'pickup', pickup_point: point.id }
    return redirect(next, { headers: await checkoutHeaders(request, { ...state, address, addressDone: true }) })
  }
  const submission = parseForm(formData, addressForm)
  if (submission.status !== 'success') {
    const mapError = submission.error?.map?.includes('choose_on_map')
    const result = submission.reply({
      fieldErrors: mapError ? { map: [t('address.choose_on_map')] } : undefined,
    })
    const toast = toastMessage('error', mapError ? t('address.choose_on_map') : t('toast.fill_form'))
    return data({ result, toast } satisfies ProfileActionData, { status: 400 })
  }
  const v = submission.value
  const regions = await loadRegions(context)
  const region = regions.find((r) => r.code === v.region)
  const district = v.region === TASHKENT_CITY ? v.district : v.district_text
  if (!region || (v.region === TASHKENT_CITY && !region.districts.some((d) => d.code === district))) {
    const result = submission.reply({ fieldErrors: { region: [t('address.unknown_region')] } })
    return data({ result, toast: toastMessage('error', t('toast.fill_form')) } satisfies ProfileActionData, {
      status: 400,
    })
  }
  const address = {
    delivery: 'courier',
    pickup_point: state.address?.pickup_point,
    region: v.region,
    district,
    street: v.street,
    house: v.house,
    flat: v.flat,
    landmark: v.landmark,
    latitude: v.latitude === undefined ? undefined : String(v.latitude),
    longitude: v.longitude === undefined ? undefined : String(v.longitude),
  }
  return redirect(next, {
    headers: await checkoutHeaders(request, { ...state, address, addressDone: true }),
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
]

type AddressFields = FormFields<typeof addressForm> & FormFields<typeof pickupForm>

export default function AddressStep({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, cart, regions, points, address, reached, maps } = loaderData
  const { t } = useTranslation('checkout')
  const errorText = useErrorText()
  const hydrated = useHydrated()
  const answer = actionData
  // Tashkent city: the region whose districts the API lists (chosen from a list), and the one offered first.
  const tashkent = regions.find((r) => r.districts.length > 0)
  const tashkentDefault = address.region === tashkent?.code
  const [form, fields] = useForm<AddressFields>({
    id: 'checkout-address',
    lastResult: answer?.result,
    shouldValidate: 'onSubmit',
    defaultValue: {
      delivery: points.length && address.delivery === 'pickup' ? 'pickup' : 'courier',
      pickup_point: address.pickup_point ?? (points.length === 1 ? points[0]?.id : undefined),
      region: address.region ?? tashkent?.code,
      district: tashkentDefault ? address.district : '',
      district_text: tashkentDefault ? '' : address.district,
      street: address.street,
      house: address.house,
      flat: address.flat,
      landmark: address.landmark,
    },
  })
  const [region, setRegion] = useState(String(fields.region.initialValue ?? tashkent?.code ?? ''))
  const [way, setWay] = useState(String(fields.delivery.initialValue))
  // Without JavaScript both ways' fields show; the server takes the ones of the way chosen.
  const showCourier = !hydrated || way !== 'pickup'
  const showPickup = points.length > 0 && (!hydrated || way === 'pickup')
  const fieldError = (errors: string[] | undefined) =>
    errors?.length ? errors.map((e) => errorText(e)).join(' ') : null
  return (
    <CheckoutShell lang={lang} step={1} reached={reached} cart={cart}>
      <FormMessage toast={answer?.toast} />
      <Form method="post" className="checkout-form" {...getFormProps(form)}>
        {points.length ? (
          <DeliveryWayChoice
            way={way}
            onChange={setWay}
            points={points}
            showPickup={showPickup}
            pointField={fields.pickup_point}
            pointError={fieldError(fields.pickup_point.errors)}
          />
        ) : (
          <input type="hidden" name="delivery" value="courier" />
        )}
        {/* The fields of the way and region not chosen are hidden, not left out: what was typed into them
            before the page came alive is still there when the shopper switches back. */}
        <fieldset className="checkout-courier" hidden={!showCourier}>
          <legend className={points.length ? undefined : 'visually-hidden'}>
            {hydrated ? t('receive.courier_address') : t('receive.courier_address_nojs')}
          </legend>
          <RegionFields
            fields={fields}
            regions={regions}
            tashkent={tashkent}
            hydrated={hydrated}
            region={region}
            onRegion={setRegion}
          />
          {/* The map is drawn only while it shows (a hidden container gives it no size). */}
          {!showCourier ? null : maps.enabled ? (
            <MapPicker
              apiKey={maps.key}
              latitude={address.latitude}
              longitude={address.longitude}
              error={fieldError(fields.map.errors) ?? undefined}
            />
          ) : (
            <LocationPoint latitude={address.latitude} longitude={address.longitude} />
          )}
          <TextField field={fields.street} label={t('address.street')} autoComplete="address-line1" />
          <div className="checkout-form__row">
            <TextField field={fields.house} label={t('address.house')} />
            <TextField field={fields.flat} label={t('address.flat')} />
          </div>
          <TextField field={fields.landmark} label={t('address.landmark')} />
        </fieldset>
        <div className="checkout-form__actions">
          <button type="submit" name="intent" value={CheckoutIntent.next} className="button">
            {t('next')}
          </button>
        </div>
      </Form>
    </CheckoutShell>
  )
}

type Fields = ReturnType<typeof useForm<AddressFields>>[1]
type Regions = Route.ComponentProps['loaderData']['regions']

/** A select's errors in the shop's words, under it. */
function SelectErrors({ field }: { field: Fields['region'] }) {
  const errorText = useErrorText()
  return field.errors?.length ? (
    <p className="field__error" id={field.errorId}>
      {field.errors.map((e) => errorText(e)).join(' ')}
    </p>
  ) : null
}

/**
 * The region, and the district: Tashkent city's from a list, elsewhere typed. Without JavaScript both
 * district fields show; the server takes the one that fits the region.
 */
function RegionFields({
  fields,
  regions,
  tashkent,
  hydrated,
  region,
  onRegion,
}: {
  fields: Fields
  regions: Regions
  tashkent: Regions[number] | undefined
  hydrated: boolean
  region: string
  onRegion: (region: string) => void
}) {
  const { t } = useTranslation('checkout')
  return (
    <>
      <div className={fields.region.errors?.length ? 'field field--invalid' : 'field'}>
        <label className="field__label" htmlFor={fields.region.id}>
          {t('address.region')}
        </label>
        <select
          {...getSelectProps(fields.region)}
          className="field__input"
          onChange={(e) => onRegion(e.currentTarget.value)}
        >
          {regions.map((r) => (
            <option key={r.code} value={r.code}>
              {r.name}
            </option>
          ))}
        </select>
        <SelectErrors field={fields.region} />
      </div>
      {tashkent ? (
        <div
          className={fields.district.errors?.length ? 'field field--invalid' : 'field'}
          hidden={hydrated && region !== tashkent.code}
        >
          <label className="field__label" htmlFor={fields.district.id}>
            {hydrated ? t('address.district') : t('address.district_tashkent')}
          </label>
          <select {...getSelectProps(fields.district)} className="field__input">
            <option value="">{t('address.choose_district')}</option>
            {tashkent.districts.map((d) => (
              <option key={d.code} value={d.code}>
                {d.name}
              </option>
            ))}
          </select>
          <SelectErrors field={fields.district} />
        </div>
      ) : null}
      <div hidden={hydrated && region === tashkent?.code}>
        <TextField
          field={fields.district_text}
          label={hydrated ? t('address.district_city') : t('address.district_city_other')}
          autoComplete="address-level2"
        />
      </div>
    </>
  )
}

export const ErrorBoundary = RouteErrorBoundary
