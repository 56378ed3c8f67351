import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Banner } from '#api/types.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { ResponsiveImage, srcSet } from './image.tsx'
import { shopHref } from './links.ts'

const bannerSizes = '(min-width: 1240px) 1216px, calc(100vw - 24px)'
/** Below this width a banner's phone picture (when it has one) replaces the wide one. */
const phoneMedia = '(max-width: 599px)'

// Without JavaScript the banners stay one horizontal scroll-snap strip (never a
// stack of tall slides); the next one peeks in so the strip reads as scrollable,
// and the buttons' room is given back. With it the carousel paints at the same
// height from the first frame, so hydration moves nothing below it.
const stripWithoutScript =
  '.banners--several .banners__track{gap:12px}.banners--several .banner{flex-basis:88%}.banners--several{padding-bottom:0}'

/**
 * Home banners: a scroll-snap strip without JavaScript, a carousel with it (scroll snap,
 * previous/next buttons; it never moves on its own).
 */
export function Banners({ banners, lang }: { banners: Banner[]; lang: Lang }) {
  const { t } = useTranslation('catalogue')
  const hydrated = useHydrated()
  const track = useRef<HTMLUListElement>(null)
  const [current, setCurrent] = useState(0)
  const carousel = hydrated && banners.length > 1

  useEffect(() => {
    const list = track.current
    if (!carousel || !list) return
    const onScroll = () => setCurrent(Math.round(list.scrollLeft / Math.max(1, list.clientWidth)))
    list.addEventListener('scroll', onScroll, { passive: true })
    return () => list.removeEventListener('scroll', onScroll)
  }, [carousel])

  const go = (index: number) => {
    const list = track.current
    if (!list) return
    const target = (index + banners.length) % banners.length
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    list.scrollTo({ left: target * list.clientWidth, behavior: reduce ? 'auto' : 'smooth' })
    setCurrent(target)
  }

  if (!banners.length) return null
  return (
    <section
      className={banners.length > 1 ? 'banners banners--several' : 'banners'}
      aria-roledescription={carousel ? t('banners.carousel') : undefined}
      aria-label={t('banners.label')}
    >
      <noscript>
        <style>{stripWithoutScript}</style>
      </noscript>
      <ul className="banners__track" ref={track}>
        {banners.map((banner, index) => {
          const target = shopHref(banner.link, lang)
          const content = (
            <>
              <picture>
                {banner.image_phone ? (
                  <source
                    media={phoneMedia}
                    srcSet={srcSet(banner.image_phone, ['small', 'medium', 'large'])}
                    sizes="calc(100vw - 24px)"
                  />
                ) : null}
                <ResponsiveImage
                  links={banner.image}
                  alt=""
                  width={960}
                  height={360}
                  sizes={bannerSizes}
                  candidates={['medium', 'large']}
                  priority={index === 0}
                />
              </picture>
              <span className="banner__text">
                <span className="banner__title">{banner.title}</span>
                {banner.subtitle ? <span className="banner__subtitle">{banner.subtitle}</span> : null}
              </span>
            </>
          )
          return (
            <li
              key={banner.id}
              className={banner.image_phone ? 'banner banner--phone' : 'banner'}
              aria-roledescription={carousel ? t('banners.slide') : undefined}
              aria-label={carousel ? t('banners.position', { current: index + 1, total: banners.length }) : undefined}
              inert={carousel && index !== current ? true : undefined}
            >
              {target ? (
                target.external ? (
                  <a href={target.href} className="banner__link" rel="noopener noreferrer">
                    {content}
                  </a>
                ) : (
                  <Link to={target.href} className="banner__link">
                    {content}
                  </Link>
                )
              ) : (
                <div className="banner__link">{content}</div>
              )}
            </li>
          )
        })}
      </ul>
      {carousel ? (
        <div className="banners__controls">
          <button type="button" onClick={() => go(current - 1)} aria-label={t('banners.previous')}>
            ‹
          </button>
          <span aria-hidden="true">
            {current + 1} / {banners.length}
          </span>
          <button type="button" onClick={() => go(current + 1)} aria-label={t('banners.next')}>
            ›
          </button>
        </div>
      ) : null}
    </section>
  )
}
