import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useSubmit } from 'react-router'
import type { AdminProduct } from '#api/types.ts'
import { ResponsiveImage } from '#app/components/catalogue/image.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { PRODUCT_PICTURES_MAX } from '#contract/admin-products.ts'
import { languages as langs } from '#contract/languages.ts'
import { IMAGE_MAX_BYTES } from '#contract/upload-limits.ts'
import { ProductIntent } from './form-schema.ts'

type Picture = AdminProduct['pictures'][number]

/**
 * The pictures: upload several at once; order by number inputs (one form
 * for all, the inputs joined to it by `form=`) or, with JavaScript, by
 * dragging a card, which saves the new order at once; an alt text per
 * language; delete behind a second, confirming button.
 */
export function Pictures({ product, error }: { product: AdminProduct; error?: string }) {
  const { t } = useTranslation('admin-products')
  const hydrated = useHydrated()
  const submit = useSubmit()
  const [order, setOrder] = useState<Picture[] | null>(null)
  const dragged = useRef<number | null>(null)
  const pictures = order ?? product.pictures
  const room = PRODUCT_PICTURES_MAX - product.pictures.length
  const orderKey = pictures.map((p) => p.id).join('-')

  function drop(targetId: number) {
    const from = pictures.findIndex((p) => p.id === dragged.current)
    const to = pictures.findIndex((p) => p.id === targetId)
    dragged.current = null
    if (from < 0 || to < 0 || from === to) return
    const next = [...pictures]
    const [moved] = next.splice(from, 1)
    next.splice(to, 0, moved!)
    setOrder(next)
    const data = new FormData()
    data.set('intent', ProductIntent.order)
    for (const [i, p] of next.entries()) data.set(`position_${p.id}`, String(i + 1))
    submit(data, { method: 'post', preventScrollReset: true })
  }

  return (
    <section className="admin-card products-pictures" aria-labelledby="pictures-title">
      <h2 id="pictures-title">{t('pictures.title', { count: product.pictures.length, max: PRODUCT_PICTURES_MAX })}</h2>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      {room > 0 ? <UploadForm room={room} /> : <p className="admin-muted">{t('pictures.full')}</p>}
      {pictures.length ? (
        <>
          <Form method="post" id="picture-order" preventScrollReset>
            <input type="hidden" name="intent" value={ProductIntent.order} />
          </Form>
          {hydrated ? <p className="admin-muted">{t('pictures.drag_hint')}</p> : null}
          <ol className="products-pictures__list">
            {pictures.map((picture, index) => (
              <li
                key={picture.id}
                className="products-picture"
                draggable={hydrated || undefined}
                onDragStart={() => {
                  dragged.current = picture.id
                }}
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => {
                  event.preventDefault()
                  drop(picture.id)
                }}
              >
                <PictureCard picture={picture} n={index + 1} count={pictures.length} orderKey={orderKey} />
              </li>
            ))}
          </ol>
          <button type="submit" form="picture-order" className="admin-button">
            {t('pictures.save_order')}
          </button>
        </>
      ) : null}
    </section>
  )
}

/** New pictures, several at once, as many as there is room for. */
function UploadForm({ room }: { room: number }) {
  const { t } = useTranslation('admin-products')
  return (
    <Form method="post" encType="multipart/form-data" className="products-pictures__upload">
      <input type="hidden" name="intent" value={ProductIntent.upload} />
      <label className="field">
        <span className="field__label">{t('pictures.choose', { count: room })}</span>
        <input type="file" name="files" multiple accept="image/jpeg,image/png,image/webp" />
      </label>
      <p className="admin-muted">{t('pictures.limits', { max: IMAGE_MAX_BYTES / 1024 / 1024 })}</p>
      <button type="submit" className="button">
        {t('pictures.upload')}
      </button>
    </Form>
  )
}

/**
 * One picture (the `n`th of `count`): its place in the order (an input of the
 * order form), its alt texts, and delete behind a second, confirming button.
 */
function PictureCard({
  picture,
  n,
  count,
  orderKey,
}: {
  picture: Picture
  n: number
  count: number
  orderKey: string
}) {
  const { t } = useTranslation('admin-products')
  return (
    <>
      <ResponsiveImage
        links={picture.image}
        alt={t('pictures.picture', { n })}
        width={120}
        height={120}
        sizes="120px"
        candidates={['small', 'extra_small']}
      />
      <label className="products-picture__position">
        <span>{t('pictures.position')}</span>
        <input
          type="number"
          form="picture-order"
          name={`position_${picture.id}`}
          min={1}
          max={count}
          defaultValue={n}
          // A new order gives the inputs their new numbers.
          key={`${picture.id}@${orderKey}`}
        />
      </label>
      <Form method="post" className="products-picture__alt" preventScrollReset>
        <input type="hidden" name="intent" value={ProductIntent.alt} />
        <input type="hidden" name="picture_id" value={picture.id} />
        {langs.map((lang) => (
          <label key={lang} className="field">
            <span className="field__label">{t('pictures.alt', { lang: t(`languages.${lang}`), n })}</span>
            <input
              className="field__input"
              name={`alt_${lang}`}
              defaultValue={picture.alt?.[lang] ?? ''}
              maxLength={300}
            />
          </label>
        ))}
        <button type="submit" className="admin-button">
          {t('pictures.save_alt')}
        </button>
      </Form>
      <details className="admin-details">
        <summary>{t('pictures.delete', { n })}</summary>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value={ProductIntent.deletePicture} />
          <input type="hidden" name="picture_id" value={picture.id} />
          <button type="submit" className="admin-button admin-button--danger">
            {t('pictures.delete_confirm', { n })}
          </button>
        </Form>
      </details>
    </>
  )
}
