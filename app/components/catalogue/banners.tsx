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

/**
 * Home banners: a horizontal scroll-snap strip in which the next banner peeks in, so it reads as
 * swipeable from the first paint, before and without JavaScript (catalogue.css); with it the strip also
 * gets previous/next buttons over the pictures, which take no room of their own (hydration moves nothing).
 * It never moves on its own.
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
    const onScroll = () => setCurrent(nearestSlide(list))
    list.addEventListener('scroll', onScroll, { passive: true })
    return () => list.removeEventListener('scroll', onScroll)
  }, [carousel])

  const go = (index: number) => {
    const list = track.current
    if (!list) return
    const target = (index + banners.length) % banners.length
    const slide = list.children[target] as HTMLElement | undefined
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    list.scrollTo({ left: (slide?.offsetLeft ?? 0) - list.offsetLeft, behavior: reduce ? 'auto' : 'smooth' })
    setCurrent(target)
  }

  if (!banners.length) return null
  return (
    <section
      className={banners.length > 1 ? 'banners banners--several' : 'banners'}
      aria-roledescription={carousel ? t('banners.carousel') : undefined}
      aria-label={t('banners.label')}
    >
      <ul className="banners__track" ref={track}>
        {banners.map((banner, index) => {
          const target = shopHref(banner.link, lang)
          const content = <BannerContent banner={banner} first={index === 0} />
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

/** A banner's picture (its phone one on a narrow screen) and its words over it. */
function BannerContent({ banner, first }: { banner: Banner; first: boolean }) {
  return (
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
          priority={first}
        />
      </picture>
      <span className="banner__text">
        <span className="banner__title">{banner.title}</span>
        {banner.subtitle ? <span className="banner__subtitle">{banner.subtitle}</span> : null}
      </span>
    </>
  )
}

/** The slide whose start is nearest the strip's scroll position. */
function nearestSlide(list: HTMLElement) {
  const slides = [...list.children] as HTMLElement[]
  const left = list.scrollLeft + list.offsetLeft
  let nearest = 0
  for (const [index, slide] of slides.entries()) {
    if (Math.abs(slide.offsetLeft - left) < Math.abs((slides[nearest]?.offsetLeft ?? 0) - left)) nearest = index
  }
  return nearest
}
