import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Lang } from '#app/utils/i18n.ts'
import { formatMoney } from '#app/utils/money.ts'
import { QUANTITY_MAX } from '#contract/basket.ts'
import { Delivery } from '#contract/orders.ts'
import { DraftIntent, type DraftProblem, draftField, type FoundProduct, type Place } from './draft.ts'
import type { Draft, DraftFieldName } from './draft-form.ts'

/** What a field's control carries: its id and name, and whether (and where) the API refused it. */
type Wiring = { id: string; name: DraftFieldName; 'aria-invalid'?: true; 'aria-describedby'?: string }

/** A field of a draft: its label, its control (wired by `control`) and the API's error for it, by field name. */
function DraftField({
  id,
  name,
  label,
  problem,
  control,
}: {
  id: string
  name: DraftFieldName
  label: string
  problem: DraftProblem | null
  control: (wiring: Wiring) => ReactNode
}) {
  const message = problem?.fields[name]
  return (
    <div className={message ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {control({
        id,
        name,
        'aria-invalid': message ? true : undefined,
        'aria-describedby': message ? `${id}-error` : undefined,
      })}
      {message ? (
        <p className="field__error" id={`${id}-error`}>
          {message}
        </p>
      ) : null}
    </div>
  )
}

/** A text field of a draft with the API's error for it (`address.street`: id `draft-address-street`). */
export function TextField({
  name,
  label,
  value,
  problem,
  inputMode,
}: {
  name: DraftFieldName
  label: string
  value: string
  problem: DraftProblem | null
  inputMode?: 'tel' | 'text'
}) {
  return (
    <DraftField
      id={`draft-${name.replace(/\W+/g, '-')}`}
      name={name}
      label={label}
      problem={problem}
      control={(wiring) => (
        <input {...wiring} defaultValue={value} className="field__input" inputMode={inputMode} autoComplete="off" />
      )}
    />
  )
}

/** What the API refused, said at the top of the form with the lines it names. */
export function DraftProblemNote({ problem }: { problem: DraftProblem | null }) {
  const { t } = useTranslation('admin-orders')
  if (!problem) return null
  return (
    <div className="desk-error" role="alert">
      <p>{problem.detail || t('actions.failed')}</p>
      {problem.items.length ? (
        <ul>
          {problem.items.map((item) => (
            <li key={item.product_id}>
              {item.title}
              {item.available !== undefined ? ` — ${t('draft.available', { count: item.available })}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** A choice of a draft with the API's error for it; `optional`: an empty first choice (—), none. */
function SelectField({
  id,
  name,
  label,
  value,
  options,
  problem,
  optional,
}: {
  id: string
  name: DraftFieldName
  label: string
  value: string
  /** `listed`: a region whose districts come from a list (the page's style shows that list for it). */
  options: { value: string; label: string; listed?: boolean }[]
  problem: DraftProblem | null
  optional?: boolean
}) {
  return (
    <DraftField
      id={id}
      name={name}
      label={label}
      problem={problem}
      control={(wiring) => (
        <select {...wiring} defaultValue={value} className="field__input">
          {optional ? <option value="">—</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value} data-listed={o.listed ? '' : undefined}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    />
  )
}

/**
 * How the order is received: a courier to an address (a Tashkent district from the list), or a pickup point.
 * Only the chosen way's fields show (the stylesheet follows the checked radio and region, with or without
 * JavaScript); the hidden ones still post as typed, so switching back loses nothing.
 */
export function PlaceFields({ draft, place, problem }: { draft: Draft; place: Place; problem: DraftProblem | null }) {
  const { t } = useTranslation('admin-orders')
  // Tashkent city: the region whose districts the API lists, chosen from a list.
  const tashkent = place.regions.find((r) => r.districts.length > 0)
  const a = draft.address
  return (
    <fieldset className="desk-card desk-place">
      <legend>{t('draft.delivery')}</legend>
      <div className="desk-choice">
        {Delivery.map((way) => (
          <label key={way} className="admin-check">
            <input type="radio" name={draftField('delivery')} value={way} defaultChecked={draft.delivery === way} />{' '}
            {t(`deliveries.${way}`)}
          </label>
        ))}
      </div>
      <div className="desk-place__courier">
        <div className="desk-place__address">
          <div>
            <SelectField
              id="draft-region"
              name="address.region"
              label={t('order.region')}
              value={a.region}
              options={place.regions.map((r) => ({ value: r.code, label: r.name, listed: r === tashkent }))}
              problem={problem}
            />
          </div>
          {tashkent ? (
            <div className="desk-place__listed">
              <SelectField
                id="draft-district"
                name="address.district"
                label={t('draft.district_tashkent')}
                value={a.district}
                options={tashkent.districts.map((d) => ({ value: d.code, label: d.name }))}
                problem={problem}
                optional
              />
            </div>
          ) : null}
          <div className="desk-place__typed">
            <TextField
              name="address.district_text"
              label={t('draft.district_other')}
              value={a.district_text}
              problem={problem}
            />
          </div>
          <div className="desk-place__wide">
            <TextField name="address.street" label={t('draft.street')} value={a.street} problem={problem} />
          </div>
          <TextField name="address.house" label={t('draft.house')} value={a.house} problem={problem} />
          <TextField name="address.flat" label={t('draft.flat')} value={a.flat} problem={problem} />
          <div>
            <TextField name="address.landmark" label={t('order.landmark')} value={a.landmark} problem={problem} />
          </div>
        </div>
      </div>
      {place.points.length ? (
        <div className="desk-place__pickup">
          <SelectField
            id="draft-point"
            name="pickup_point"
            label={t('draft.point')}
            value={draft.pickup_point}
            options={place.points.map((p) => ({ value: p.id, label: `${p.name}: ${p.address}` }))}
            problem={problem}
            optional
          />
        </div>
      ) : null}
    </fieldset>
  )
}

/**
 * A part of a form that folds (`<details>`): open when it holds something typed or refused,
 * so nothing entered is ever out of sight; closed, its fields still post. `card`: a part of its own.
 */
export function Fold({
  title,
  open,
  card,
  children,
}: {
  title: string
  open: boolean
  card?: boolean
  children: ReactNode
}) {
  return (
    <details className={card ? 'desk-card desk-fold' : 'desk-fold'} open={open}>
      <summary>{title}</summary>
      {children}
    </details>
  )
}

/** Whether the API refused any of `names` (a fold with a refused field opens). */
export const refusedAny = (problem: DraftProblem | null, prefix: string) =>
  Object.keys(problem?.fields ?? {}).some((name) => name.startsWith(prefix))

/** Who receives the order; on a phone order (`optional`) nobody named is the customer, and the part folds. */
export function ReceiverFields({
  draft,
  problem,
  optional,
}: {
  draft: Draft
  problem: DraftProblem | null
  optional?: boolean
}) {
  const { t } = useTranslation('admin-orders')
  const r = draft.receiver
  const fields = (
    <div className="desk-filters__grid">
      <TextField name="receiver.name" label={t('draft.receiver_name')} value={r.name} problem={problem} />
      <TextField name="receiver.phone" label={t('order.phone')} value={r.phone} problem={problem} inputMode="tel" />
      <TextField
        name="receiver.extra_phone"
        label={t('order.extra_phone')}
        value={r.extra_phone}
        problem={problem}
        inputMode="tel"
      />
    </div>
  )
  if (optional) {
    const filled = Boolean(r.name || r.phone || r.extra_phone) || refusedAny(problem, 'receiver.')
    return (
      <Fold title={t('draft.receiver_optional')} open={filled} card>
        {fields}
      </Fold>
    )
  }
  return (
    <fieldset className="desk-card">
      <legend>{t('order.receiver')}</legend>
      {fields}
    </fieldset>
  )
}

/**
 * The order's lines: each with its quantity (0 takes it out) and the price
 * it takes, and a search to add products. All plain form fields: the draft
 * travels with each post, with or without JavaScript.
 */
export function DraftLines({
  lang,
  draft,
  found,
  problem,
}: {
  lang: Lang
  draft: Draft
  found: FoundProduct[] | null
  problem: DraftProblem | null
}) {
  const { t } = useTranslation('admin-orders')
  const money = (n: number) => formatMoney(n, lang)
  const short = new Set(problem?.items.map((i) => i.product_id))
  return (
    <fieldset className="desk-card desk-draft-lines">
      <legend>{t('draft.lines')}</legend>
      {draft.items.length ? (
        <ul className="desk-draft-lines__list">
          {draft.items.map((line, n) => (
            <li
              key={line.product_id}
              className={short.has(line.product_id) ? 'desk-draft-line desk-draft-line--short' : 'desk-draft-line'}
            >
              <input type="hidden" name={draftField(`items[${n}].product_id`)} value={line.product_id} />
              <input type="hidden" name={draftField(`items[${n}].title`)} value={line.title} />
              <input type="hidden" name={draftField(`items[${n}].unit_price`)} value={line.unit_price} />
              <label htmlFor={`draft-qty-${line.product_id}`} className="desk-draft-line__title">
                {line.title}
                <span className="desk-muted"> · {money(line.unit_price)}</span>
              </label>
              <input
                id={`draft-qty-${line.product_id}`}
                name={draftField(`items[${n}].quantity`)}
                type="number"
                inputMode="numeric"
                min={0}
                max={QUANTITY_MAX}
                defaultValue={line.quantity}
                className="field__input desk-draft-line__quantity"
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="desk-muted">{t('draft.no_lines')}</p>
      )}
      <p className="desk-muted">{t('draft.zero_removes')}</p>
      <FindProducts lang={lang} query={draft.q} found={found} />
    </fieldset>
  )
}

/** A search of the shop's products, and what it found, each with its "add" button (`add:<id>`). */
export function FindProducts({ lang, query, found }: { lang: Lang; query: string; found: FoundProduct[] | null }) {
  const { t } = useTranslation('admin-orders')
  const money = (n: number) => formatMoney(n, lang)
  return (
    <div className="desk-draft-find">
      <label htmlFor="draft-find" className="field__label">
        {t('draft.find')}
      </label>
      <div className="desk-actions__row">
        <input
          id="draft-find"
          name={draftField('q')}
          type="search"
          defaultValue={query}
          className="field__input"
          autoComplete="off"
        />
        <button type="submit" name="intent" value={DraftIntent.find} className="admin-button">
          {t('draft.find_button')}
        </button>
      </div>
      {found ? (
        found.length ? (
          <ul className="desk-draft-found" aria-label={t('draft.found')}>
            {found.map((p) => (
              <li key={p.id}>
                <span>
                  {p.title}{' '}
                  <span className="desk-muted">
                    · {p.brand} · {money(p.price)} · {t('draft.stock', { count: p.stock })}
                  </span>
                </span>
                <button
                  type="submit"
                  name="intent"
                  value={`${DraftIntent.add}:${p.id}`}
                  className="admin-button"
                  disabled={p.stock === 0}
                  aria-label={t('draft.add_named', { title: p.title })}
                >
                  {t('draft.add')}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="desk-muted">{t('draft.nothing_found')}</p>
        )
      ) : null}
    </div>
  )
}

/** The money a draft makes, as the API's preview computes it. */
export type Preview = {
  subtotal: number
  promo_code: string | null
  discount: number
  cashback_used: number
  delivery_price: number
  total: number
  vat: number
  promo_dropped?: boolean
  cashback_back?: number
  refund_now?: number
  owed_back?: number
  amount_due?: number
}

/**
 * The draft's end: its totals once recalculated (under `title`), what a live recalculation
 * refused, "recalculate" and the button that sends it (`submit`: its intent and label).
 */
export function DraftFooter({
  lang,
  title,
  preview,
  problem,
  submit,
}: {
  lang: Lang
  title: string
  preview: Preview | null | undefined
  /** What a live recalculation refused (the totals then wait). */
  problem?: DraftProblem | null
  submit: { intent: typeof DraftIntent.save | typeof DraftIntent.place; label: string }
}) {
  const { t } = useTranslation('admin-orders')
  return (
    <>
      {problem ? (
        <LivePending problem={problem} />
      ) : preview ? (
        <DraftTotals lang={lang} title={title} preview={preview} />
      ) : null}
      <p className="desk-actions__row">
        <button type="submit" name="intent" value={DraftIntent.recalc} className="admin-button">
          {t('draft.recalc')}
        </button>
        <button type="submit" name="intent" value={submit.intent} className="button">
          {submit.label}
        </button>
      </p>
    </>
  )
}

/**
 * A live recalculation the API refused: mid-way through a form (an address not yet typed) that is no
 * fault to point at, so the totals wait for the button; lines short of stock are named at once.
 */
function LivePending({ problem }: { problem: DraftProblem }) {
  const { t } = useTranslation('admin-orders')
  return problem.items.length ? (
    <DraftProblemNote problem={problem} />
  ) : (
    <p className="desk-muted" role="status">
      {t('draft.totals_pending')}
    </p>
  )
}

/** The money the draft makes, as the API's preview computed it. */
function DraftTotals({ lang, title, preview }: { lang: Lang; title: string; preview: Preview }) {
  const { t } = useTranslation('admin-orders')
  const money = (n: number) => formatMoney(n, lang)
  const row = (label: string, value: string) => (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  )
  return (
    <section aria-labelledby="draft-totals" className="desk-card" aria-live="polite">
      <h2 id="draft-totals">{title}</h2>
      <dl className="desk-facts">
        {row(t('draft.goods'), money(preview.subtotal))}
        {row(
          t('order.promo_code'),
          preview.promo_code ? `${preview.promo_code} (−${money(preview.discount)})` : t('order.none'),
        )}
        {row(t('order.cashback_used'), money(preview.cashback_used))}
        {row(t('order.delivery_price'), preview.delivery_price ? money(preview.delivery_price) : t('order.free'))}
        <div className="desk-facts__total">
          <dt>{t('order.total')}</dt>
          <dd>{money(preview.total)}</dd>
        </div>
        {row(t('order.vat', { percent: 12 }), money(preview.vat))}
        {preview.promo_dropped ? row(t('draft.promo_dropped'), '') : null}
        {preview.cashback_back ? row(t('draft.cashback_back'), money(preview.cashback_back)) : null}
        {preview.refund_now ? row(t('draft.refund_now'), money(preview.refund_now)) : null}
        {preview.owed_back ? row(t('order.owed_back'), money(preview.owed_back)) : null}
        {preview.amount_due ? row(t('order.amount_due'), money(preview.amount_due)) : null}
      </dl>
    </section>
  )
}
