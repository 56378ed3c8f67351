import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Story } from '#api/types.ts'
import { htmlLang, type Lang } from '#app/utils/i18n.ts'
import { ResponsiveImage } from './image.tsx'

// The viewer is only needed once a story is opened: its code loads then.
const StoryViewer = lazy(() => import('./story-viewer.tsx'))

/**
 * The story rail. Each story is a link to its page, which works without
 * JavaScript; with it, the story opens in the viewer over the home page and
 * every item shown is marked read.
 */
export function Stories({ stories, lang }: { stories: Story[]; lang: Lang }) {
  const { t } = useTranslation('catalogue')
  const [read, setRead] = useState<Set<number>>(() => new Set())
  const [open, setOpen] = useState<number | null>(null)
  if (!stories.length) return null
  const isRead = (story: Story) => story.is_read || story.items.every((item) => item.is_read || read.has(item.id))
  return (
    <section className="stories" aria-label={t('home.stories')}>
      <ul className="stories__rail">
        {stories.map((story, index) => (
          <li key={story.id}>
            <Link
              to={`/${lang}/stories/${story.id}`}
              className={isRead(story) ? 'story-cover story-cover--read' : 'story-cover'}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
                event.preventDefault()
                setOpen(index)
              }}
            >
              <span className="story-cover__ring">
                <ResponsiveImage
                  links={story.cover}
                  alt=""
                  width={64}
                  height={64}
                  sizes="64px"
                  candidates={['extra_small', 'small']}
                  eager={index < 5}
                />
              </span>
              {/* The language's hyphenation rules apply to the text of an element in it. */}
              <span className="story-cover__title" lang={htmlLang[lang]}>
                {story.title}
              </span>
              {isRead(story) ? null : <span className="visually-hidden">{t('story.unread')}</span>}
            </Link>
          </li>
        ))}
      </ul>
      {open !== null ? (
        <Suspense fallback={null}>
          <StoryViewer
            stories={stories}
            start={open}
            lang={lang}
            read={read}
            onRead={(id) => setRead((r) => new Set(r).add(id))}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      ) : null}
    </section>
  )
}
