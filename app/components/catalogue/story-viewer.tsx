import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Story } from '#api/types.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { ResponsiveImage } from './image.tsx'
import { shopHref } from './links.ts'

const itemMs = 6000

type Props = {
  stories: Story[]
  start: number
  lang: Lang
  read: Set<number>
  onRead: (itemId: number) => void
  onClose: () => void
}

/**
 * Stories full screen in a modal <dialog> (focus stays inside, Escape closes).
 * Items advance every 6 s unless paused; each one shown is marked read through
 * the storefront (never the API directly), which remembers it for this visitor.
 */
export default function StoryViewer({ stories, start, lang, read, onRead, onClose }: Props) {
  const { t } = useTranslation('catalogue')
  const dialog = useRef<HTMLDialogElement>(null)
  const [position, setPosition] = useState(() => {
    const story = stories[start]
    const firstUnread = story ? story.items.findIndex((item) => !item.is_read && !read.has(item.id)) : 0
    return { story: start, item: Math.max(0, firstUnread) }
  })
  const [paused, setPaused] = useState(false)
  const story = stories[position.story]
  const item = story?.items[position.item]

  useShownDialog(dialog)

  const next = () => {
    if (story && position.item + 1 < story.items.length) setPosition({ ...position, item: position.item + 1 })
    else if (position.story + 1 < stories.length) setPosition({ story: position.story + 1, item: 0 })
    else onClose()
  }
  const previous = () => {
    if (position.item > 0) setPosition({ ...position, item: position.item - 1 })
    else if (position.story > 0) {
      const before = stories[position.story - 1]
      setPosition({ story: position.story - 1, item: Math.max(0, (before?.items.length ?? 1) - 1) })
    }
  }

  // Mark the item read once it is on screen.
  useEffect(() => {
    if (!item || item.is_read || read.has(item.id)) return
    onRead(item.id)
    fetch(`/${lang}/story-read/${item.id}`, { method: 'POST', keepalive: true }).catch(() => {})
  }, [item, lang, read, onRead])

  // biome-ignore lint/correctness/useExhaustiveDependencies: restart the timer for each item.
  useEffect(() => {
    if (paused) return
    const timer = setTimeout(next, itemMs)
    return () => clearTimeout(timer)
  }, [paused, position])

  if (!story || !item) return null
  const target = shopHref(item.link, lang)
  return (
    <dialog
      ref={dialog}
      className="story-viewer"
      aria-label={story.title}
      onClose={onClose}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') next()
        if (event.key === 'ArrowLeft') previous()
      }}
    >
      <StoryProgress items={story.items} position={position} paused={paused} />
      <div className="story-viewer__head">
        <p className="story-viewer__title">
          {story.title}{' '}
          <span className="story-viewer__count">
            {t('story.position', { current: position.item + 1, total: story.items.length })}
          </span>
        </p>
        <button type="button" onClick={() => setPaused((p) => !p)} className="story-viewer__pause">
          {paused ? t('story.play') : t('story.pause')}
        </button>
        <button type="button" onClick={onClose} className="story-viewer__close" aria-label={t('story.close')}>
          ×
        </button>
      </div>
      <figure className="story-viewer__item">
        <ResponsiveImage
          key={item.id}
          links={item.image}
          alt={item.title}
          width={540}
          height={960}
          sizes="(min-width: 480px) 420px, 100vw"
          candidates={['medium', 'large']}
          priority
        />
        <figcaption>{item.title}</figcaption>
      </figure>
      <div className="story-viewer__nav">
        <button type="button" onClick={previous} aria-label={t('story.previous')}>
          ‹
        </button>
        {target ? <MoreLink target={target} onClose={onClose} /> : null}
        <button type="button" onClick={next} aria-label={t('story.next')}>
          ›
        </button>
      </div>
    </dialog>
  )
}

/** The dialog shown modal, the page behind it not scrolling, while the viewer is there. */
function useShownDialog(dialog: React.RefObject<HTMLDialogElement | null>) {
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    element.showModal()
    document.documentElement.classList.add('scroll-locked')
    return () => {
      document.documentElement.classList.remove('scroll-locked')
      if (element.open) element.close()
    }
  }, [dialog])
}

/** A bar per item of the story: the ones seen full, the current one filling (or paused), the rest empty. */
function StoryProgress({
  items,
  position,
  paused,
}: {
  items: { id: number }[]
  position: { story: number; item: number }
  paused: boolean
}) {
  return (
    <div className="story-viewer__progress" aria-hidden="true">
      {items.map((it, i) => (
        <span key={it.id} className="story-viewer__bar">
          <span
            className="story-viewer__fill"
            data-state={i < position.item ? 'done' : i === position.item ? (paused ? 'paused' : 'running') : 'todo'}
            style={i === position.item ? { animationDuration: `${itemMs}ms` } : undefined}
            key={i === position.item ? `${position.story}-${position.item}` : undefined}
          />
        </span>
      ))}
    </div>
  )
}

/** Where the story's item leads: another site in the same tab, or a page of the shop (the viewer closes). */
function MoreLink({ target, onClose }: { target: NonNullable<ReturnType<typeof shopHref>>; onClose: () => void }) {
  const { t } = useTranslation('catalogue')
  return target.external ? (
    <a className="button" href={target.href} rel="noopener noreferrer">
      {t('story.more')}
    </a>
  ) : (
    <Link className="button" to={target.href} onClick={onClose}>
      {t('story.more')}
    </Link>
  )
}
