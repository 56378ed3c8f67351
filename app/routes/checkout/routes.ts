import { type RouteConfigEntry, route } from '@react-router/dev/routes'

/** The checkout steps under /{lang} (SPEC §2; login required): address, contact details, payment. */
export const checkoutRoutes: RouteConfigEntry[] = [
  route('checkout', 'routes/checkout/address.tsx'),
  route('checkout/contact', 'routes/checkout/contact.tsx'),
  route('checkout/payment', 'routes/checkout/payment.tsx'),
]
