// The interface texts' keys as types (react-i18next's `t`, `serverT`): a key
// missing from locales/ru fails `npm run typecheck`. The other languages have
// the same keys (`npm run locales`).
import 'i18next'
import type account from '../locales/ru/account.json'
import type admin from '../locales/ru/admin.json'
import type adminBatches from '../locales/ru/admin-batches.json'
import type adminCatalogue from '../locales/ru/admin-catalogue.json'
import type adminContent from '../locales/ru/admin-content.json'
import type adminCustomers from '../locales/ru/admin-customers.json'
import type adminDesk from '../locales/ru/admin-desk.json'
import type adminLines from '../locales/ru/admin-lines.json'
import type adminOrders from '../locales/ru/admin-orders.json'
import type adminProducts from '../locales/ru/admin-products.json'
import type adminPromo from '../locales/ru/admin-promo.json'
import type adminStock from '../locales/ru/admin-stock.json'
import type basket from '../locales/ru/basket.json'
import type cards from '../locales/ru/cards.json'
import type catalogue from '../locales/ru/catalogue.json'
import type checkout from '../locales/ru/checkout.json'
import type common from '../locales/ru/common.json'
import type orders from '../locales/ru/orders.json'
import type profile from '../locales/ru/profile.json'
import type reviews from '../locales/ru/reviews.json'
import type telegram from '../locales/ru/telegram.json'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    resources: {
      account: typeof account
      admin: typeof admin
      'admin-batches': typeof adminBatches
      'admin-catalogue': typeof adminCatalogue
      'admin-content': typeof adminContent
      'admin-customers': typeof adminCustomers
      'admin-desk': typeof adminDesk
      'admin-lines': typeof adminLines
      'admin-orders': typeof adminOrders
      'admin-products': typeof adminProducts
      'admin-promo': typeof adminPromo
      'admin-stock': typeof adminStock
      basket: typeof basket
      cards: typeof cards
      catalogue: typeof catalogue
      checkout: typeof checkout
      common: typeof common
      orders: typeof orders
      profile: typeof profile
      reviews: typeof reviews
      telegram: typeof telegram
    }
  }
}
