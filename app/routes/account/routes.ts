import type { RouteConfigEntry } from '@react-router/dev/routes'

/** Sign-in, registration and account pages under /{lang} (paths relative to app/). */
export const accountRoutes: RouteConfigEntry[] = []
