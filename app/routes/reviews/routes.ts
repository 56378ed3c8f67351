import { type RouteConfigEntry, route } from '@react-router/dev/routes'

/** The review form's target under /{lang}: a resource route (action only) that redirects back to the product. */
export const reviewRoutes: RouteConfigEntry[] = [route('products/:slug/review', 'routes/reviews/review.ts')]
