import { type RouteConfigEntry, route } from '@react-router/dev/routes'

/** The customer's profile pages under /{lang} (SPEC §2; login required) and the feedback forms (public). */
export const profileRoutes: RouteConfigEntry[] = [
  route('profile', 'routes/profile/overview.tsx'),
  route('profile/edit', 'routes/profile/edit.tsx'),
  route('profile/balance', 'routes/profile/balance.tsx'),
  route('profile/cards', 'routes/profile/cards.tsx'),
  route('profile/settings', 'routes/profile/settings.tsx'),
  route('profile/settings/change-number', 'routes/profile/change-number.tsx'),
  route('profile/settings/change-password', 'routes/profile/change-password.tsx'),
  route('profile/delete', 'routes/profile/delete.tsx'),
  route('profile/help', 'routes/profile/help.tsx'),
  route('profile/terms-of-use', 'routes/profile/terms.tsx'),
  route('profile/instruction', 'routes/profile/instructions.tsx'),
  route('profile/instruction/:slug', 'routes/profile/instruction.tsx'),
  route('feedback', 'routes/feedback/feedback.tsx'),
  route('bug-report', 'routes/feedback/bug-report.tsx'),
]
