// The storefront's only view of the API: types, nothing that runs.
// Every answer type is the output of the zod schema the API validates and
// documents it with, so a field added to a schema reaches the storefront's
// types; `ApiAnswers` says which schema each path answers with, and the API
// client (app/utils/api-client.server.ts) infers a call's answer from its path.
import type { z } from '@hono/zod-openapi'
import type { ListingSizes } from '#contract/product-lines.ts'
import type { sessionSchema as codeSessionSchema, registeredSchema, signatureSchema } from './account/routes.ts'
import type { customerTelegramSchema } from './account/telegram-routes.ts'
import type { entrySchema as auditEntrySchema } from './admin/audit-routes.ts'
import type { challengeSchema, enrolmentSchema, recoverySchema, sessionSchema } from './admin/auth-routes.ts'
import type { batchDetailSchema, batchPage, batchSchema } from './admin/batches/schemas.ts'
import type {
  adminBannerSchema,
  adminPageSchema,
  adminPostSchema,
  adminStoryItemSchema,
  adminStorySchema,
  appsInput,
  contactsSchema,
  footerLinksSchema,
  pictureSchema,
} from './admin/content/schemas.ts'
import type { customerPage, customerSchema } from './admin/customers/schemas.ts'
import type { bulkAssignSchema, carrierSchema, handoverSchema, holderSchema } from './admin/dispatch/routes.ts'
import type { inboxMessageSchema, inboxPage } from './admin/inbox/schemas.ts'
import type {
  adminLinePage,
  adminLineSchema,
  listingSettingSchema,
  newSizeAnswer,
  productLineAnswer,
} from './admin/lines/schemas.ts'
import type { meSchema } from './admin/openapi.ts'
import type {
  countsSchema,
  editPreviewSchema,
  exchangeAnswerSchema,
  paymentLinkSchema,
  phoneOrderPreviewSchema,
  phoneOrderSchema,
  staffOrderPage,
  staffOrderSchema,
  statusMoveSchema,
} from './admin/orders/schemas.ts'
import type { adminProductPage, adminProductSchema, choicesSchema } from './admin/products/schemas.ts'
import type { promoListSchema } from './admin/promo/routes.ts'
import type { promoSchema, usagePage } from './admin/promo/schemas.ts'
import type { staffReviewPage, staffReviewSchema } from './admin/reviews/schemas.ts'
import type { staffSchema, withPasswordSchema } from './admin/staff-routes.ts'
import type { statsSchema } from './admin/stats/routes.ts'
import type { expiringPage, movementPage, stockPage, stockProductSchema } from './admin/stock/schemas.ts'
import type {
  staffBrandSchema,
  staffCategorySchema,
  staffGroupSchema,
  staffManufacturerSchema,
} from './admin/taxonomy/schemas.ts'
import type { linkSchema as telegramLinkSchema } from './admin/telegram-routes.ts'
import type { messageSchema, tokensSchema, userSchema } from './auth/openapi.ts'
import type { telegramSignInSchema } from './auth/telegram-routes.ts'
import type { badges, badgesWithItems } from './badges/routes.ts'
import type { addedSchema, cardSchema } from './cards/routes.ts'
import type { cartLimitErrorSchema, cartLineSchema, cartProductSchema, cartSchema } from './cart/schemas.ts'
import type { cashbackSchema, entrySchema } from './cashback/routes.ts'
import type {
  bannerSchema,
  brandDetailSchema,
  brandRefSchema,
  brandSchema,
  categoryGroupSchema,
  categoryRefSchema,
  categorySchema,
  countrySchema,
  highlightSchema,
  imageLinksSchema,
  manufacturerSchema,
  pageRefSchema,
  pageSchema,
  postCardSchema,
  postSchema,
  productCardSchema,
  productDetailSchema,
  searchAlternativesSchema,
  storyItemSchema,
  storyReadSchema,
  storySchema,
} from './catalogue/schemas.ts'
import type { apps, contacts, menu, menuItem } from './content/routes.ts'
import type { likedCardSchema, likeStateSchema } from './favourites/routes.ts'
import type { sentSchema } from './feedback/routes.ts'
import type { regionSchema } from './geo/routes.ts'
import type { pagedSchema } from './http/paging.ts'
import type { errorSchema } from './http/schemas.ts'
import type { orderPreviewSchema, orderSchema, pagedOrders } from './orders/schemas.ts'
import type { sandboxSchema, startSchema } from './payments/routes.ts'
import type { previewSchema } from './promo/routes.ts'
import type { listSchema, mineSchema, photoSchema, reviewSchema, savedSchema } from './reviews/routes.ts'

export type { Api } from './app.ts'
export type { IdentityMemo } from './http/context.ts'

type Out<S extends z.ZodType> = z.output<S>

/** A page of a list (`pagedSchema`): `results` plus the counts and neighbour links. */
export type Paged<T> = Omit<Out<ReturnType<typeof pagedSchema>>, 'results'> & { results: T[] }
/** What a refused call answers (4xx): the reason, and field errors for bad input. */
export type ApiErrorBody = Out<typeof errorSchema>
/** A whole list in one answer (`{ results }`, as the taxonomy and home routes answer). */
export type Results<T> = { results: T[] }

// Catalogue
export type ImageLinks = Out<typeof imageLinksSchema>
export type Highlight = Out<typeof highlightSchema>
/** One matched part of a text: [start, end). */
export type HighlightRange = Highlight[number]
export type Country = Out<typeof countrySchema>
export type BrandRef = Out<typeof brandRefSchema>
export type CategoryRef = Out<typeof categoryRefSchema>
export type ProductCard = Out<typeof productCardSchema>
export type ProductDetail = Out<typeof productDetailSchema>
export type Category = Out<typeof categorySchema>
export type CategoryGroup = Out<typeof categoryGroupSchema>
export type Brand = Out<typeof brandSchema>
export type BrandDetail = Out<typeof brandDetailSchema>
export type Manufacturer = Out<typeof manufacturerSchema>
export type Banner = Out<typeof bannerSchema>
export type StoryItem = Out<typeof storyItemSchema>
export type Story = Out<typeof storySchema>
export type StoryRead = Out<typeof storyReadSchema>
export type ContentPage = Out<typeof pageSchema>
export type PageRef = Out<typeof pageRefSchema>
export type PostCard = Out<typeof postCardSchema>
export type Post = Out<typeof postSchema>
export type SearchAlternatives = Out<typeof searchAlternativesSchema>
export type LikedProduct = Out<typeof likedCardSchema>
export type LikeState = Out<typeof likeStateSchema>

// Basket, orders, payments
export type Cart = Out<typeof cartSchema>
export type CartLine = Out<typeof cartLineSchema>
export type CartProduct = Out<typeof cartProductSchema>
/** 409 of the basket calls: not enough stock (or the 999 / 100 limits). */
export type CartLimitError = Out<typeof cartLimitErrorSchema>
export type Order = Out<typeof orderSchema>
/** The checkout's money as the API computes it (`POST orders/preview/`). */
export type OrderPreview = Out<typeof orderPreviewSchema>
export type OrderStep = Order['steps'][number]
export type OrderPage = Out<typeof pagedOrders>
export type PromoPreview = Out<typeof previewSchema>
export type PaymentStart = Out<typeof startSchema>
export type SandboxPayment = Out<typeof sandboxSchema>
export type SavedCard = Out<typeof cardSchema>
export type AddedCard = Out<typeof addedSchema>
export type Region = Out<typeof regionSchema>
export type Cashback = Out<typeof cashbackSchema>
export type CashbackEntry = Out<typeof entrySchema>

// Accounts
export type User = Out<typeof userSchema>
export type AuthTokens = Out<typeof tokensSchema>
export type TelegramSignIn = Out<typeof telegramSignInSchema>
export type CodeSession = Out<typeof codeSessionSchema>
export type Signature = Out<typeof signatureSchema>
export type Registered = Out<typeof registeredSchema>
export type Message = Out<typeof messageSchema>
export type CustomerTelegram = Out<typeof customerTelegramSchema>
export type TelegramLink = Out<typeof telegramLinkSchema>

// Reviews
export type Review = Out<typeof reviewSchema>
export type ReviewPhoto = Out<typeof photoSchema>
export type ReviewPage = Out<typeof listSchema>
export type MyReview = Out<typeof mineSchema>
export type ReviewSaved = Out<typeof savedSchema>

// Shell
export type MenuItem = Out<typeof menuItem>
export type Contacts = Out<typeof contacts>
export type Badges = Out<typeof badges>
export type BadgesWithItems = Out<typeof badgesWithItems>
export type StoreLinks = Out<typeof apps>

/**
 * What each path the storefront calls answers with (2xx), by method; paths as
 * in the OpenAPI document without the leading slash, `{name}` for a path
 * parameter. A call to a path missing here does not compile: add the path
 * with the schema its route declares.
 */
export type ApiAnswers = {
  GET: {
    'account/': User
    'account/cashback/': Cashback
    'account/telegram/': CustomerTelegram
    'cards/': SavedCard[]
    'cards/{id}/': SavedCard
    'common/badges/': BadgesWithItems
    'common/footer/': Out<typeof menu>
    'common/header-menu/': Out<typeof menu>
    'common/story/': Results<Story>
    'common/story-item/{id}/read/': StoryRead
    'geo/regions/': Results<Region>
    'orders/': OrderPage
    'orders/{id}/': Order
    'orders/cart/products/': Cart
    'pages/': Results<PageRef>
    'pages/{slug}/': ContentPage
    'payments/sandbox/{payment_id}/': SandboxPayment
    'posts/': Paged<PostCard>
    'posts/{id}/': Post
    'products/': Paged<ProductCard> & { sizes: ListingSizes; total_capped?: boolean }
    'products/{slug}/': ProductDetail
    'products/{slug}/reviews/': ReviewPage
    'products/{slug}/reviews/mine/': MyReview
    'products/banner/': Results<Banner>
    'products/brands/': Results<Brand> & { total: number }
    'products/brands/{slug}/': BrandDetail
    'products/categories/': Results<CategoryGroup>
    'products/categories/{id}/': Category
    'products/category/{slug}/': Category
    'products/likes/': Paged<LikedProduct>
    'products/manufacturers/{slug}/': Manufacturer
    'products/popular-categories/': Paged<Category>
    'products/search-alternatives/': SearchAlternatives
    'settings/apps/': StoreLinks
    'settings/contacts/': Contacts
  }
  POST: {
    'account/password-reset/': Signature
    'account/password-reset/verify/': AuthTokens
    'account/phone-change/': CodeSession
    'account/phone-change/verify/': User
    'account/registration/entrypoint/': CodeSession
    'account/registration/register/': Registered
    'account/registration/verify/': Signature
    'account/telegram/link/': TelegramLink
    'auth/login/': AuthTokens
    'auth/logout/': Message
    'auth/telegram/webapp/': TelegramSignIn
    'auth/telegram/widget/': TelegramSignIn
    'cards/': AddedCard
    'cards/{id}/verify/': SavedCard
    'feedback/': Out<typeof sentSchema>
    'orders/': Order
    'orders/{id}/cancel/': Order
    'orders/preview/': OrderPreview
    'orders/cart/accept-prices/': Cart
    'orders/cart/products/': Cart
    'payments/{order_id}/start/': PaymentStart
    'payments/sandbox/{payment_id}/complete/': Order
    'products/likes/': LikeState
    'promo/check/': PromoPreview
  }
  PUT: {
    'account/password-change/': Message
    'account/password-change-after-reset/': Message
    'orders/cart/products/{product_id}/': Cart
  }
  PATCH: {
    'account/': User
  }
  DELETE: {
    'account/avatar/': User
    'account/delete/': Message
    'account/telegram/link/': Record<string, never>
    'cards/{id}/': Record<string, never>
    'orders/cart/products/': Cart
    'orders/cart/products/{product_id}/': Cart
    'products/likes/{product_id}/': LikeState
  }
}

export type ApiMethod = keyof ApiAnswers

type NoAnswers = Record<never, never>

/** The storefront's multipart uploads (a `FormData` body), by method and path: what each answers. */
export type ApiUploadAnswers = {
  GET: NoAnswers
  POST: {
    'account/avatar/': User
    'feedback/bug-report/': Out<typeof sentSchema>
  }
  PUT: NoAnswers
  PATCH: NoAnswers
  DELETE: NoAnswers
}

/** Answers by method and path template: the storefront's `ApiAnswers` or the back office's `StaffApiAnswers`. */
type AnswerMap = Record<ApiMethod, object>

/** A path template as the strings that fill it: `orders/{id}/` → `orders/${string}/`. */
type Filled<K extends string> = K extends `${infer A}{${string}}${infer B}` ? `${A}${string}${Filled<B>}` : K
type SegmentFits<P, K extends string> = K extends `{${string}}` ? true : P extends K ? true : false
/** Whether path `P` fits template `K` segment by segment (`{id}` takes one segment, not `a/b`). */
type Fits<P extends string, K extends string> = K extends `${infer KH}/${infer KT}`
  ? P extends `${infer PH}/${infer PT}`
    ? SegmentFits<PH, KH> extends true
      ? Fits<PT, KT>
      : false
    : false
  : P extends `${string}/${string}`
    ? false
    : SegmentFits<P, K>

/** Every path the storefront (or, with `StaffApiAnswers`, the back office) may call with `M`. */
export type ApiPath<M extends ApiMethod, Map extends AnswerMap = ApiAnswers> = Filled<keyof Map[M] & string>

/** The template a called path fills: itself when it is one, else the one it fits segment by segment. */
type TemplateOf<M extends ApiMethod, P extends string, Map extends AnswerMap> = P extends keyof Map[M]
  ? P
  : { [K in keyof Map[M] & string]: Fits<P, K> extends true ? K : never }[keyof Map[M] & string]

/** `P` itself when it fits a template of `M`, else `never` (so the call does not compile). */
export type KnownPath<M extends ApiMethod, P extends string, Map extends AnswerMap = ApiAnswers> = [
  TemplateOf<M, P, Map>,
] extends [never]
  ? never
  : P

/** The answer of `M path`: `Answer<'GET', \`orders/${string}/\`>` is `Order`. */
export type Answer<M extends ApiMethod, P extends string, Map extends AnswerMap = ApiAnswers> = Map[M][TemplateOf<
  M,
  P,
  Map
> &
  keyof Map[M]]

/** What each admin path the back office calls answers with, as `ApiAnswers` for the storefront. */
export type StaffApiAnswers = {
  GET: {
    'admin/audit/': Paged<AuditEntry>
    'admin/batches/': BatchPage
    'admin/batches/{id}/': BatchDetail
    'admin/brands/': Results<BrandRow>
    'admin/brands/{id}/': BrandRow
    'admin/categories/': Results<CategoryRow>
    'admin/categories/{id}/': CategoryRow
    'admin/category-groups/': Results<GroupRow>
    'admin/category-groups/{id}/': GroupRow
    'admin/content/apps/': ContentApps
    'admin/content/banners/': Results<AdminBanner>
    'admin/content/banners/{id}/': AdminBanner
    'admin/content/contacts/': ContentContacts
    'admin/content/footer/': FooterLinks
    'admin/content/pages/': Results<AdminPage>
    'admin/content/pages/{id}/': AdminPage
    'admin/content/pages/{id}/preview/': ContentPage
    'admin/content/posts/': Results<AdminPost>
    'admin/content/posts/{id}/': AdminPost
    'admin/content/posts/{id}/preview/': Post
    'admin/content/stories/': Results<AdminStory>
    'admin/content/stories/{id}/': AdminStory
    'admin/customers/': CustomerPage
    'admin/customers/{id}/': Customer
    'admin/inbox/': InboxPage
    'admin/inbox/{id}/': InboxMessage
    'admin/lines/': AdminLinePage
    'admin/lines/listing/': ListingSetting
    'admin/lines/{id}/': AdminLine
    'admin/manufacturers/': Results<ManufacturerRow>
    'admin/manufacturers/{id}/': ManufacturerRow
    'admin/me/': StaffMe
    'admin/orders/': StaffOrderPage
    'admin/couriers/': Results<Carrier>
    'admin/cash/': Results<CashHolder>
    'admin/orders/counts/': StaffOrderCounts
    'admin/orders/{id}/': StaffOrder
    'admin/products/': AdminProductPage
    'admin/products/choices/': AdminProductChoices
    'admin/products/{id}/': AdminProduct
    'admin/products/{id}/line/': ProductLineAnswer
    'admin/promo/': PromoList
    'admin/promo/{id}/': PromoCode
    'admin/promo/{id}/orders/': PromoUsagePage
    'admin/reviews/': StaffReviewPage
    'admin/reviews/{id}/': StaffReview
    'admin/staff/': Results<StaffMember>
    'admin/stats/': ShopStatistics
    'admin/stock/expiring/': ExpiringPage
    'admin/stock/low/': StockPage
    'admin/stock/products/{id}/': StockProduct
    'admin/stock/products/{id}/movements/': MovementPage
  }
  POST: {
    'admin/auth/login/': StaffSession | StaffChallenge
    'admin/auth/logout/': Message
    'admin/auth/logout-all/': Message
    'admin/auth/password/': StaffMe
    'admin/auth/recovery-codes/': Out<typeof recoverySchema>
    'admin/auth/second-factor/': StaffSession
    'admin/auth/totp/': Enrolment
    'admin/auth/totp/confirm/': Out<typeof recoverySchema>
    'admin/batches/{id}/apply/': Batch
    'admin/batches/{id}/undo/': Batch
    'admin/brands/': BrandRow
    'admin/categories/': CategoryRow
    'admin/category-groups/': GroupRow
    'admin/content/banners/': AdminBanner
    'admin/content/pages/': AdminPage
    'admin/content/pages/{id}/publish/': AdminPage
    'admin/content/posts/': AdminPost
    'admin/content/posts/{id}/publish/': AdminPost
    'admin/content/stories/': AdminStory
    'admin/content/stories/{id}/items/': AdminStoryItem
    'admin/customers/{id}/block/': Customer
    'admin/customers/{id}/cashback/': Customer
    'admin/customers/{id}/unblock/': Customer
    'admin/inbox/{id}/reply/': InboxMessage
    'admin/lines/': AdminLine
    'admin/manufacturers/': ManufacturerRow
    'admin/orders/': PhoneOrderPlaced
    'admin/orders/preview/': PhoneOrderPreview
    'admin/orders/{id}/assign/': StaffOrder
    'admin/orders/assign/': DispatchResult
    'admin/cash/handovers/': CashHandover
    'admin/orders/{id}/cash-received/': StaffOrder
    'admin/orders/{id}/edit/': StaffOrder
    'admin/orders/{id}/edit/preview/': OrderEditPreview
    'admin/orders/{id}/notes/': StaffOrder
    'admin/orders/{id}/payment-link/': OrderPaymentLink
    'admin/orders/{id}/refunds/': StaffOrder
    'admin/orders/{id}/returns/': StaffOrder
    'admin/orders/{id}/exchanges/': StaffOrder & { exchange: OrderExchangeMoney }
    'admin/orders/{id}/exchanges/preview/': OrderExchangeMoney
    'admin/orders/{id}/status/': StaffStatusMove
    'admin/products/': AdminProduct
    'admin/products/bulk/': Batch
    'admin/products/bulk/preview/': BatchDetail
    'admin/products/{id}/line/': AdminLine
    'admin/products/{id}/sizes/': NewSizeAnswer
    'admin/promo/': PromoCode
    'admin/promo/{id}/pause/': PromoCode
    'admin/promo/{id}/resume/': PromoCode
    'admin/reviews/{id}/hide/': StaffReview
    'admin/reviews/{id}/publish/': StaffReview
    'admin/staff/': Out<typeof withPasswordSchema>
    'admin/staff/{id}/reset-password/': Out<typeof withPasswordSchema>
    'admin/staff/{id}/reset-second-factor/': StaffMember
    'admin/products/{id}/duplicate/': AdminProduct
    'admin/stock/products/{id}/arrivals/': StockProduct
    'admin/stock/products/{id}/corrections/': StockProduct
    'admin/stock/products/{id}/sale/': StockProduct
    'admin/telegram/link/': Out<typeof telegramLinkSchema>
  }
  PUT: {
    'admin/brands/order/': Results<BrandRow>
    'admin/categories/order/': Results<CategoryRow>
    'admin/category-groups/order/': Results<GroupRow>
    'admin/content/apps/': ContentApps
    'admin/content/contacts/': ContentContacts
    'admin/content/footer/': FooterLinks
    'admin/content/pages/{id}/draft/': AdminPage
    'admin/content/posts/{id}/draft/': AdminPost
    'admin/lines/listing/': ListingSetting
    'admin/manufacturers/order/': Results<ManufacturerRow>
    'admin/reviews/{id}/reply/': StaffReview
  }
  PATCH: {
    'admin/brands/{id}/': BrandRow
    'admin/categories/{id}/': CategoryRow
    'admin/category-groups/{id}/': GroupRow
    'admin/content/banners/{id}/': AdminBanner
    'admin/content/pages/{id}/': AdminPage
    'admin/content/posts/{id}/': AdminPost
    'admin/content/stories/{id}/': AdminStory
    'admin/content/story-items/{id}/': AdminStoryItem
    'admin/inbox/{id}/': InboxMessage
    'admin/lines/{id}/': AdminLine
    'admin/manufacturers/{id}/': ManufacturerRow
    'admin/products/{id}/': AdminProduct
    'admin/products/{id}/pictures/order/': AdminProduct
    'admin/products/{id}/pictures/{pictureId}/': AdminProduct
    'admin/promo/{id}/': PromoCode
    'admin/staff/{id}/': StaffMember
  }
  DELETE: {
    'admin/content/banners/{id}/': unknown
    'admin/content/pages/{id}/': unknown
    'admin/content/posts/{id}/': unknown
    'admin/content/stories/{id}/': unknown
    'admin/content/story-items/{id}/': unknown
    'admin/lines/{id}/': unknown
    'admin/products/{id}/line/': ProductLineAnswer
    'admin/products/{id}/pictures/{pictureId}/': AdminProduct
    'admin/telegram/link/': unknown
  }
}

/** The back office's multipart uploads (a `FormData` body), by method and path: what each answers. */
export type StaffUploadAnswers = {
  GET: NoAnswers
  POST: {
    'admin/content/pictures/': ContentPicture
    'admin/products/import/': Batch
    'admin/products/{id}/pictures/': AdminProduct
  }
  PUT: NoAnswers
  PATCH: NoAnswers
  DELETE: NoAnswers
}

// Back office: the screens show and hide links by these (the API enforces them).
export type { Permission, StaffRole } from './staff/permissions.ts'
export type StaffMe = Out<typeof meSchema>
export type StaffMember = Out<typeof staffSchema>
export type StaffSession = Out<typeof sessionSchema>
export type StaffChallenge = Out<typeof challengeSchema>
export type Enrolment = Out<typeof enrolmentSchema>
export type AuditEntry = Out<typeof auditEntrySchema>
export type StaffOrder = Out<typeof staffOrderSchema>
export type StaffStatusMove = Out<typeof statusMoveSchema>
export type StaffOrderPage = Out<typeof staffOrderPage>
export type Carrier = Out<typeof carrierSchema>
export type CashHolder = Out<typeof holderSchema>
export type DispatchResult = Out<typeof bulkAssignSchema>
export type CashHandover = Out<typeof handoverSchema>
export type StaffOrderCounts = Out<typeof countsSchema>
export type OrderPaymentLink = Out<typeof paymentLinkSchema>
export type OrderEditPreview = Out<typeof editPreviewSchema>
export type OrderExchangeMoney = Out<typeof exchangeAnswerSchema>
export type PhoneOrderPreview = Out<typeof phoneOrderPreviewSchema>
export type PhoneOrderPlaced = Out<typeof phoneOrderSchema>
export type AdminProduct = Out<typeof adminProductSchema>
export type AdminLine = Out<typeof adminLineSchema>
export type AdminLinePage = Out<typeof adminLinePage>
export type ListingSetting = Out<typeof listingSettingSchema>
export type ProductLineAnswer = Out<typeof productLineAnswer>
export type NewSizeAnswer = Out<typeof newSizeAnswer>
export type AdminProductPage = Out<typeof adminProductPage>
export type AdminProductChoices = Out<typeof choicesSchema>
export type StaffReview = Out<typeof staffReviewSchema>
export type StaffReviewPage = Out<typeof staffReviewPage>
export type InboxPage = Out<typeof inboxPage>
export type InboxMessage = Out<typeof inboxMessageSchema>
export type CustomerPage = Out<typeof customerPage>
export type Customer = Out<typeof customerSchema>
export type PromoCode = Out<typeof promoSchema>
export type PromoList = Out<typeof promoListSchema>
export type PromoUsagePage = Out<typeof usagePage>
export type ShopStatistics = Out<typeof statsSchema>
export type StockProduct = Out<typeof stockProductSchema>
export type StockPage = Out<typeof stockPage>
export type ExpiringPage = Out<typeof expiringPage>
export type MovementPage = Out<typeof movementPage>
export type Batch = Out<typeof batchSchema>
export type BatchDetail = Out<typeof batchDetailSchema>
export type BatchPage = Out<typeof batchPage>
export type AdminBanner = Out<typeof adminBannerSchema>
export type AdminStory = Out<typeof adminStorySchema>
export type AdminStoryItem = Out<typeof adminStoryItemSchema>
export type AdminPage = Out<typeof adminPageSchema>
export type AdminPost = Out<typeof adminPostSchema>
export type FooterLinks = Out<typeof footerLinksSchema>
export type ContentPicture = Out<typeof pictureSchema>
export type ContentContacts = Out<typeof contactsSchema>
export type ContentApps = Out<typeof appsInput>
export type BrandRow = Out<typeof staffBrandSchema>
export type ManufacturerRow = Out<typeof staffManufacturerSchema>
export type CategoryRow = Out<typeof staffCategorySchema>
export type GroupRow = Out<typeof staffGroupSchema>
