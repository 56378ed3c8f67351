import { type RouteConfigEntry, route } from '@react-router/dev/routes'

/** The customer's orders under /{lang} (SPEC §2; login required): the two tabs and one order. */
export const ordersRoutes: RouteConfigEntry[] = [
  route('my-orders', 'routes/orders/my-orders.tsx', { id: 'routes/orders/active' }),
  route('my-orders/history', 'routes/orders/my-orders.tsx', { id: 'routes/orders/history' }),
  route('order/:id', 'routes/orders/order.tsx'),
]
