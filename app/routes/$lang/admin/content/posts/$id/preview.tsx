import { data } from 'react-router'
import { AdminErrorBoundary } from '#app/components/admin/admin-error.tsx'
import { PreviewFrame } from '#app/components/admin/content/preview-frame.tsx'
import { Breadcrumbs } from '#app/components/catalogue/breadcrumbs.tsx'
import { PostArticle } from '#app/components/catalogue/post-article.tsx'
import { staffLoad } from '../../../forms.server.ts'
import { previewHeaders, previewPlace } from '../../content.server.ts'
import type { Route } from './+types/preview'
import '#app/styles/admin-content.css'

/** The post with its draft, rendered by the shop's own component; staff only (the admin layout), never indexed. */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.id)) throw data(null, { status: 404 })
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
