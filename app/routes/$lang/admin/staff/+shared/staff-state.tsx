import { useTranslation } from 'react-i18next'
import type { StaffMember } from '../../+shared/staff.ts'

/** Badges for a staff account: active or disabled, second factor, password still to change. */
export function StaffState({ member }: { member: StaffMember }) {
  const { t } = useTranslation('admin')
  return (
    <span className="admin-actions">
      {member.disabled ? (
        <span className="admin-badge admin-badge--off">{t('staff.disabled')}</span>
      ) : (
        <span className="admin-badge admin-badge--ok">{t('staff.active')}</span>
      )}
      {member.second_factor_enabled ? <span className="admin-badge">{t('staff.second_factor_on')}</span> : null}
      {member.password_change_required ? (
        <span className="admin-badge admin-badge--warn">{t('staff.must_change_password')}</span>
      ) : null}
    </span>
  )
}
