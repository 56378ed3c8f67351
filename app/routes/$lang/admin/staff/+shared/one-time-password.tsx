import { useTranslation } from 'react-i18next'
import type { OneTimePassword } from '../../+shared/forms.tsx'

/** A one-time password the API made, shown once: the owner passes it on; the member must change it at sign-in. */
export function OneTimePasswordNotice({ value }: { value: OneTimePassword }) {
  const { t } = useTranslation('admin')
  return (
    <div className="admin-card admin-one-time" role="status" aria-labelledby="one-time-title">
      <h2 id="one-time-title">{t('staff.one_time_title', { name: value.name })}</h2>
      <p>{t('staff.one_time_text', { phone: value.phone })}</p>
      <label className="field__label" htmlFor="one-time-password">
        {t('staff.one_time_label')}
      </label>
      <input id="one-time-password" className="admin-secret" readOnly value={value.password} />
    </div>
  )
}
