import type { ImageLinks } from '#api/types.ts'
import { formatDate, isoDate } from '#app/utils/money.ts'
import { ResponsiveImage } from './image.tsx'
import { RichHtml } from './rich-text.tsx'

/** A post as the shop shows it; the back office's preview of a draft renders it too. */
export function PostArticle({
  post,
}: {
  post: { title: string; body: string; published_at: string; image: ImageLinks | null }
}) {
  return (
    <article>
      <h1>{post.title}</h1>
      <p className="muted">
        <time dateTime={isoDate(post.published_at)}>{formatDate(post.published_at)}</time>
      </p>
      {post.image ? (
        <ResponsiveImage
          links={post.image}
          alt=""
          width={960}
          height={504}
          sizes="(min-width: 800px) 760px, calc(100vw - 24px)"
          candidates={['medium', 'large', 'small']}
          priority
          className="text-page__image"
        />
      ) : null}
      <RichHtml html={post.body} />
    </article>
  )
}
