import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

/** A draft as the shop would show it, under a note that says so and leads back to its editor. */
export function PreviewFrame({ editor, children }: { editor: string; children: ReactNode }) {
  const { t } = useTranslation('admin-content')
  return (
    <div className="content-preview-frame">
      <p className="content-preview-note" role="note">
        {t('preview_note')} <Link to={editor}>{t('back_to_editor')}</Link>
      </p>
      {children}
    </div>
  )
}
