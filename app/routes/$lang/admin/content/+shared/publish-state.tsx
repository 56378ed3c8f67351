import { useTranslation } from 'react-i18next'

/** Whether a page or post is in the shop, and whether a draft of it waits. */
export function PublishState({ item }: { item: { is_published: boolean; draft: unknown } }) {
  const { t } = useTranslation('admin-content')
  return (
    <>
      {t(item.is_published ? 'pages.published' : 'pages.unpublished')}
      {item.draft ? ` · ${t('pages.has_draft')}` : ''}
    </>
  )
}
