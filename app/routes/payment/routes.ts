import { type RouteConfigEntry, route } from '@react-router/dev/routes'

/** Online payment pages under /{lang}: the local sandbox provider and the result the customer comes back to. */
export const paymentRoutes: RouteConfigEntry[] = [
  route('payment/pay/:orderId', 'routes/payment/pay.tsx'),
  route('payment/sandbox/:paymentId', 'routes/payment/sandbox.tsx'),
  route('payment/result/:orderId', 'routes/payment/result.tsx'),
]
