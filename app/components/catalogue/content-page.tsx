import { Breadcrumbs } from './breadcrumbs.tsx'
import { RichHtml } from './rich-text.tsx'

type Crumb = { name: string; to: string }

/**
 * A content page as the shop shows it; the back office's preview of a draft
 * renders it too, inside its own <main> (`embedded`).
 */
export function ContentPage({
  page,
  crumbs,
  embedded,
}: {
  page: { title: string; body: string }
  crumbs: Crumb[]
  embedded?: boolean
}) {
  const content = (
    <>
      <Breadcrumbs crumbs={crumbs} />
      <article>
        <h1>{page.title}</h1>
        <RichHtml html={page.body} />
      </article>
    </>
  )
  return embedded ? (
    <div className="container text-page">{content}</div>
  ) : (
    <main id="main" className="container text-page">
      {content}
    </main>
  )
}
