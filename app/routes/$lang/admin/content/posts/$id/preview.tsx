import { Breadcrumbs } from '#app/components/catalogue/breadcrumbs.tsx'
import { PostArticle } from '#app/components/catalogue/post-article.tsx'
import { pageId } from '#app/utils/ids.ts'
import { AdminErrorBoundary } from '../../../+shared/admin-error.tsx'
import { staffLoad } from '../../../forms.server.ts'
import { PreviewFrame } from '../../+shared/preview-frame.tsx'
import { previewHeaders, previewPlace } from '../../content.server.ts'
import type { Route } from './+types/preview'
import '../../+shared/content.css'

/** The post with its draft, rendered by the shop's own component; staff only (the admin layout), never indexed. */
export async function loader({ params, context }: Route.LoaderArgs) {
  pageId(params.id)
  const post = await staffLoad(context, `admin/content/posts/${params.id}/preview/`)
  return { post, ...previewPlace(context, 'posts', params.id, { title: post.title, path: `posts/${post.id}` }) }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.post.title }]

export const headers = previewHeaders

export default function AdminPostPreview({ loaderData: { post, crumbs, editor } }: Route.ComponentProps) {
  return (
    <PreviewFrame editor={editor}>
      <div className="container text-page">
        <Breadcrumbs crumbs={crumbs} />
        <PostArticle post={post} />
      </div>
    </PreviewFrame>
  )
}

export const ErrorBoundary = AdminErrorBoundary
