import { type RouteConfigEntry, route } from '@react-router/dev/routes'

/** The basket and the favourites under /{lang} (paths relative to app/); their actions take the card buttons too. */
export const basketRoutes: RouteConfigEntry[] = [
  route('basket', 'routes/basket/basket.tsx'),
  route('saved', 'routes/basket/saved.tsx'),
]
