import { lazy, Suspense, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Story } from '#api/types.ts'
import { htmlLang, type Lang } from '#app/utils/i18n.ts'
import { PersonalSlot, type PersonalText, usePersonalValue } from '#app/utils/personal.tsx'
import { ResponsiveImage } from './image.tsx'

// The viewer is only needed once a story is opened: its code loads then.
const StoryViewer = lazy(() => import('./story-viewer.tsx'))

/**
 * The stories as this visitor has seen them: each marked read or not from the
 * item ids they have seen, the unseen ones first (as the API orders them for a
 * visitor it knows).
 */
function asSeen(stories: Story[], seen: ReadonlySet<number>): Story[] {
  const marked = stories.map((story) => {
    const items = story.items.map((item) => ({ ...item, is_read: seen.has(item.id) }))
    return { ...story, items, is_read: items.length > 0 && items.every((item) => item.is_read) }
  })
  return marked.sort((a, b) => Number(a.is_read) - Number(b.is_read))
}

/**
 * The story rail. Each story is a link to its page, which works without
 * JavaScript; with it, the story opens in the viewer over the home page and
 * every item shown is marked read. What the visitor has seen is theirs
 * (`reads`, app/utils/personal.server.ts): the cached page's rail is rendered
 * for them.
 */
export function Stories({ stories, reads, lang }: { stories: Story[]; reads: PersonalText<number[]>; lang: Lang }) {
  const { t } = useTranslation('catalogue')
  const seen = usePersonalValue(reads)
  const [read, setRead] = useState<Set<number>>(() => new Set())
  const [open, setOpen] = useState<number | null>(null)
  if (!stories.length) return null
  return (
    <section className="stories" aria-label={t('home.stories')}>
      <PersonalSlot id="stories" state={(value) => value(reads)}>
        <StoryRail stories={stories} reads={reads} read={read} lang={lang} onOpen={setOpen} />
      </PersonalSlot>
      {open !== null ? (
        <Suspense fallback={null}>
          <StoryViewer
            stories={asSeen(stories, new Set(seen))}
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

/** The covers, unseen stories first; `read`: items seen in the viewer since the page came. */
function StoryRail({
  stories,
  reads,
  read,
  lang,
  onOpen,
}: {
  stories: Story[]
  reads: PersonalText<number[]>
  read: ReadonlySet<number>
  lang: Lang
  onOpen: (index: number) => void
}) {
  const { t } = useTranslation('catalogue')
  const seen = usePersonalValue(reads)
  const shown = useMemo(() => asSeen(stories, new Set(seen)), [stories, seen])
  // The first five in the shop's order load at once, whatever this visitor has seen: React preloads
  // them in the page's <head>, which is the same for every shopper.
  const first = useMemo(() => new Set(stories.slice(0, 5).map((story) => story.id)), [stories])
  const isRead = (story: Story) => story.is_read || story.items.every((item) => item.is_read || read.has(item.id))
  return (
    <ul className="stories__rail">
      {shown.map((story, index) => (
        <li key={story.id}>
          <Link
            to={`/${lang}/stories/${story.id}`}
            className={isRead(story) ? 'story-cover story-cover--read' : 'story-cover'}
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
              event.preventDefault()
              onOpen(index)
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
                eager={first.has(story.id)}
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
  )
}
