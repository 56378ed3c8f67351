import { type RouteConfigEntry, route } from '@react-router/dev/routes'

/** Catalogue pages under /{lang} (paths relative to app/). */
export const catalogueRoutes: RouteConfigEntry[] = [route('products/categories/:id', 'routes/category-by-id.tsx')]
