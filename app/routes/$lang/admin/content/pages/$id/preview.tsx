import { ContentPage } from '#app/components/catalogue/content-page.tsx'
import { pageId } from '#app/utils/ids.ts'
import { AdminErrorBoundary } from '../../../+shared/admin-error.tsx'
import { staffLoad } from '../../../forms.server.ts'
import { PreviewFrame } from '../../+shared/preview-frame.tsx'
import { previewHeaders, previewPlace } from '../../content.server.ts'
import type { Route } from './+types/preview'
import '../../+shared/content.css'

/** The page with its draft, rendered by the shop's own component; staff only (the admin layout), never indexed. */
export async function loader({ params, context }: Route.LoaderArgs) {
  pageId(params.id)
  const page = await staffLoad(context, `admin/content/pages/${params.id}/preview/`)
  return { page, ...previewPlace(context, 'pages', params.id, { title: page.title, path: `pages/${page.slug}` }) }
}

// Not indexed: the admin layout's robots meta, and the header for anything that reads only headers.
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.page.title }]

export const headers = previewHeaders

export default function AdminPagePreview({ loaderData: { page, crumbs, editor } }: Route.ComponentProps) {
  return (
    <PreviewFrame editor={editor}>
      <ContentPage page={page} crumbs={crumbs} embedded />
    </PreviewFrame>
  )
}

export const ErrorBoundary = AdminErrorBoundary
