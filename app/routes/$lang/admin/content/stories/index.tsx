import { useTranslation } from 'react-i18next'
import { AdminErrorBoundary } from '../../+shared/admin-error.tsx'
import { staffLoad } from '../../forms.server.ts'
import { ScheduledList } from '../+shared/scheduled.tsx'
import { contentList } from '../content.server.ts'
import type { Route } from './+types/index'
import '../+shared/content.css'

export async function loader({ context }: Route.LoaderArgs) {
  return contentList(context, 'stories.title', await staffLoad(context, 'admin/content/stories/'))
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function AdminStoriesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin-content')
  return (
    <ScheduledList
      kind="stories"
      {...loaderData}
      itemTitle={(story) => story.title.ru}
      figures={[
        { label: t('stories.items'), value: (story) => story.items.length },
        { label: t('stories.reads'), value: (story) => story.reads },
      ]}
    />
  )
}

export const ErrorBoundary = AdminErrorBoundary
