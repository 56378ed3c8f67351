import type { User } from '#api/types.ts'

/** The customer's photo (the small square made on upload), or the first letter of the name. */
export function Avatar({ user }: { user: Pick<User, 'full_name' | 'avatar_src'> }) {
  if (user.avatar_src)
    return <img className="profile-avatar" src={user.avatar_src.small} alt="" width={80} height={80} />
  return (
    <span className="profile-avatar" aria-hidden="true">
      {user.full_name.trim().charAt(0).toUpperCase() || '·'}
    </span>
  )
}
