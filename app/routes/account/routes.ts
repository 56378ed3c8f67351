import { type RouteConfigEntry, route } from '@react-router/dev/routes'

/** Sign-in, registration and account pages under /{lang} (paths relative to app/). */
export const accountRoutes: RouteConfigEntry[] = [
  route('login', 'routes/account/login.tsx'),
  route('register', 'routes/account/register.tsx'),
  route('reset-password', 'routes/account/reset-password.tsx'),
  route('logout', 'routes/account/logout.tsx'),
]
