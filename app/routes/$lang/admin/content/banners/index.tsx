import { useTranslation } from 'react-i18next'
import { AdminErrorBoundary } from '../../+shared/admin-error.tsx'
import { staffLoad } from '../../forms.server.ts'
import { ScheduledList } from '../+shared/scheduled.tsx'
import { contentList } from '../content.server.ts'
import type { Route } from './+types/index'
import '../+shared/content.css'

export async function loader({ context }: Route.LoaderArgs) {
  return contentList(context, 'banners.title', await staffLoad(context, 'admin/content/banners/'))
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function AdminBannersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin-content')
  return (
    <ScheduledList
      kind="banners"
      {...loaderData}
      itemTitle={(banner) => banner.title.ru || banner.title.uz}
      figures={[{ label: t('fields.position'), value: (banner) => banner.position }]}
    />
  )
}

export const ErrorBoundary = AdminErrorBoundary
