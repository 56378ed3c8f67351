import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ImageLinks } from '#api/types.ts'
import { ResponsiveImage } from './image.tsx'

const mainSizes = '(min-width: 1024px) 560px, (min-width: 640px) 60vw, calc(100vw - 24px)'

/**
 * Product pictures: a swipeable strip with thumbnails that are plain anchor
 * links to each picture (so they work without JavaScript); with it, a
 * thumbnail scrolls the strip without moving the page.
 */
export function Gallery({ images, alts, title }: { images: ImageLinks[]; alts: string[]; title: string }) {
  const { t } = useTranslation('catalogue')
  const track = useRef<HTMLUListElement>(null)
  const [current, setCurrent] = useState(0)
  if (!images.length) return <div className="gallery gallery--empty" />
  return (
    <div className="gallery">
      <ul
        className="gallery__track"
        ref={track}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling strip must be reachable by keyboard to scroll it (axe scrollable-region-focusable).
        tabIndex={0}
        aria-label={t('product.gallery')}
        onScroll={(event) => {
          const list = event.currentTarget
          setCurrent(Math.round(list.scrollLeft / Math.max(1, list.clientWidth)))
        }}
      >
        {images.map((image, index) => (
          <li key={image.large} id={`photo-${index + 1}`}>
            <ResponsiveImage
              links={image}
              alt={
                // A picture's own alternative text, else the numbered title.
                alts[index] && alts[index] !== title
                  ? alts[index]
                  : images.length > 1
                    ? t('product.photo', { title, n: index + 1, total: images.length })
                    : title
              }
              width={560}
              height={560}
              sizes={mainSizes}
              candidates={['medium', 'large', 'small']}
              priority={index === 0}
            />
          </li>
        ))}
      </ul>
      {images.length > 1 ? (
        <ul className="gallery__thumbs">
          {images.map((image, index) => (
            <li key={image.large}>
              <a
                href={`#photo-${index + 1}`}
                aria-label={t('product.show_photo', { n: index + 1, total: images.length })}
                aria-current={index === current ? 'true' : undefined}
                onClick={(event) => {
                  const list = track.current
                  if (!list) return
                  event.preventDefault()
                  list.scrollTo({ left: index * list.clientWidth, behavior: 'smooth' })
                  setCurrent(index)
                }}
              >
                <ResponsiveImage
                  links={image}
                  alt=""
                  width={64}
                  height={64}
                  sizes="64px"
                  candidates={['extra_small', 'small']}
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
