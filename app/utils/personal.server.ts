import { randomBytes } from 'node:crypto'
import { parseCookie } from 'cookie'
import { decodeJwt } from 'jose'
import { RouterContextProvider } from 'react-router'
import type { Api, Badges, User } from '#api/types.ts'
import type { ReviewPermission } from '#app/components/reviews/reviews.tsx'
import { isFingerprint } from '#contract/visitor.ts'
import { type ApiClient, apiClientContext, createApiClient, refreshDue } from './api-client.server.ts'
import { isApiError } from './api-errors.server.ts'
import { getUser, loginPath } from './auth.server.ts'
import { type FlashToast, flashCookieHeader, readFlash, takeFlash } from './flash.server.ts'
import type { Lang } from './i18n.ts'
import { type PersonalText, personalTextOf } from './personal.tsx'
import { apiContext } from './request-context.ts'
import { getTokens, readSession } from './session.server.ts'
import { sharedRenderContext } from './shared-render.server.ts'

// The parts of a storefront page that are the shopper's own
// (docs/decisions/017-cached-pages-for-everyone.md), each loaded one way
// whether the page is rendered for one request or filled in from the page
// cache (server/page-cache.ts), and each with its neutral value: what a
// first-time visitor, who owns nothing, is shown.

/** What the header, menus and product buttons show of the shopper. */
export type FramePersonal = {
  user: { full_name: string } | null
  badges: Badges
  /** Ids of the favourites (the latest 100: common/badges/ with its items). */
  liked: number[]
  /** Units of each product in the basket. */
  inBasket: [number, number][]
}

/** Who the page is for, and the API as them. */
export type Shopper = {
  api: ApiClient
  /** Nothing to ask: no session and no visitor id, so nothing of theirs exists. */
  readonly nobody: boolean
  readonly signedIn: boolean
  user(): Promise<User | null>
  /** The toasts waiting for this page (the flash cookie, cleared with the answer). */
  toasts(): FlashToast[]
}

const noBadges: Badges = { orders_total: 0, cart_total: 0, favourites_total: 0 }
const noFrame = (): FramePersonal => ({ user: null, badges: noBadges, liked: [], inBasket: [] })

type Part<A extends Record<string, string>, T> = {
  neutral(args: A): T
  load(shopper: Shopper, args: A): Promise<T>
  /** Read for each request, never remembered (the toasts: taken once). */
  perRequest?: true
}

const part = <A extends Record<string, string>, T>(definition: Part<A, T>) => definition

function signInToReview({ lang, path }: { lang: Lang; path: string }): ReviewPermission {
  return { kind: 'anonymous', loginTo: loginPath(lang, `${path}#reviews`) }
}

const parts = {
  frame: part<Record<string, never>, FramePersonal>({
    neutral: noFrame,
    async load(shopper) {
      if (shopper.nobody) return noFrame()
      // The counts with what the basket and favourites hold: the buttons' state, in the same call.
      const [user, answer] = await Promise.all([shopper.user(), shopper.api.get('common/badges/', { items: 'true' })])
      const { basket = [], favourite_ids: liked = [], ...badges } = answer
      const inBasket = basket.map((line): [number, number] => [line.product_id, line.quantity])
      return { user: user ? { full_name: user.full_name } : null, badges, liked, inBasket }
    },
  }),
  /** What the shopper may do in a product's reviews: sign in first, write or edit theirs, or why not. */
  review: part<{ slug: string; lang: Lang; path: string }, ReviewPermission>({
    neutral: signInToReview,
    async load(shopper, args) {
      const user = shopper.signedIn ? await shopper.user() : null
      const mine = user ? await shopper.api.get(`products/${args.slug}/reviews/mine/`) : null
      if (!mine) return signInToReview(args)
      if (mine.review || mine.can_review) return { kind: 'allowed', review: mine.review }
      return { kind: 'refused', reason: mine.reason ?? '' }
    },
  }),
  /** The story items the shopper has seen (the home page's rail shows the unseen stories first). */
  storyReads: part<Record<string, never>, number[]>({
    neutral: () => [],
    async load(shopper) {
      if (shopper.nobody) return []
      const { results } = await shopper.api.get('common/story/')
      return results.flatMap((story) => story.items.filter((item) => item.is_read).map((item) => item.id))
    },
  }),
  /** Toasts the last request queued (the flash cookie): on this page only, never on another shopper's. */
  toasts: part<Record<string, never>, FlashToast[]>({
    neutral: () => [],
    load: async (shopper) => shopper.toasts(),
    perRequest: true,
  }),
}

export type PartName = keyof typeof parts
type Parts = typeof parts
type ArgsOf<N extends PartName> = Parts[N] extends Part<infer A, unknown> ? A : never
type ValueOf<N extends PartName> = Parts[N] extends Part<Record<string, string>, infer T> ? T : never

/** The part `name` with its own argument and value types (the table's entries are each their own). */
function partNamed<N extends PartName>(name: N): Part<ArgsOf<N>, ValueOf<N>>
function partNamed(name: PartName) {
  return parts[name]
}

/**
 * A loader's personal value `name`: its JSON text for this request's shopper,
 * or in a shared render the token the page cache fills in.
 */
export async function personalText<N extends PartName>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  name: N,
  args: ArgsOf<N>,
): Promise<PersonalText<ValueOf<N>>> {
  const definition = partNamed(name)
  const shared = context.get(sharedRenderContext)
  if (shared) return shared.token(name, args, definition.neutral(args))
  return personalTextOf(name, await definition.load(requestShopper(request, context), args))
}

function requestShopper(request: Request, context: Readonly<RouterContextProvider>): Shopper {
  return {
    api: context.get(apiClientContext),
    // Read when a part asks: only the shop's pages have a session.
    get signedIn() {
      return Boolean(getTokens(context))
    },
    get nobody() {
      return !this.signedIn && !visitorOf(parseCookie(request.headers.get('cookie') ?? ''))
    },
    user: () => getUser(context),
    toasts: () => takeFlash(context),
  }
}

const visitorOf = (cookies: Record<string, string | undefined>) =>
  cookies.visitorId && isFingerprint(cookies.visitorId) ? cookies.visitorId : null

/**
 * The shopper of a request the page cache fills a page in for, from its
 * cookies, with the API as them (`api`: the in-process API). `null` when the
 * page must be rendered for the request instead, because its session cookie
 * needs writing (an access token about to expire is refreshed first, a cookie
 * of an older release is rewritten), which the storefront's middleware does.
 */
export async function cookieShopper({
  url,
  cookie,
  lang,
  api,
  clientAddress,
}: {
  url: string
  cookie: string
  lang: Lang
  api: Api
  clientAddress: string | null
}): Promise<(CookieShopper & { cookies(): Promise<string[]> }) | null> {
  const cookies = parseCookie(cookie)
  // Read as the storefront reads them (app/middleware/storefront.server.ts), for the same cookies in the answer.
  const request = new Request(url, { headers: { cookie } })
  const [session, flash] = await Promise.all([cookies.atir_session ? readSession(request) : null, readFlash(request)])
  if (session?.changed) return null
  const tokens = session?.get('tokens') ?? null
  if (tokens && refreshDue(tokens)) return null
  const visitor = visitorOf(cookies)
  const context = new RouterContextProvider()
  context.set(apiContext, api)
  // A read with no visitor id uses a throwaway one, which owns nothing (app/utils/visitor.server.ts).
  const caller = { lang, fingerprint: visitor ?? randomBytes(18).toString('base64url'), clientAddress }
  const client = createApiClient(context, caller, tokens ? { bearer: tokens.access } : 'none')
  // The session cookie is the shop's own, signed: its access token's claims need no second check here
  // (the API checks the token itself whenever it is asked).
  const claims = tokens ? decodeJwt(tokens.access) : null
  let user: Promise<User | null> | undefined
  return {
    owner: claims ? `u:${claims.sub}` : visitor ? `v:${visitor}` : null,
    // A new sign-in is a new session: nothing remembered of an earlier one is its.
    memoryKey: `${claims?.sid ?? ''}\n${lang}`,
    api: client,
    nobody: !tokens && !visitor,
    signedIn: Boolean(tokens),
    user: () => {
      user ??= tokens ? client.get('account/') : Promise.resolve(null)
      return user
    },
    toasts: () => {
      flash.taken = true
      return flash.incoming
    },
    // The flash cookie cleared once its toasts are on the page.
    cookies: async () => {
      const cleared = await flashCookieHeader(flash, request)
      return cleared ? [cleared] : []
    },
  }
}

/** A page-cache request's shopper: also whose values these are, for a memory of them. */
export type CookieShopper = Shopper & {
  /** The owner key (`u:<id>`, `v:<fingerprint>`) of what they own; `null` for nobody. */
  owner: string | null
  /** What else their values are per: the session and the language. */
  memoryKey: string
}

/** Values remembered per shopper (server/shopper-values.ts). */
export type ValueMemory = { recall<T>(owner: string, key: string, load: () => Promise<T>): Promise<T> }

/**
 * The shopper's value of each token of a cached page (`parts`: token → part),
 * through `api` as them or from `memory`: `null` when the page cannot be filled
 * in here and must be rendered for the request (a token to refresh, a session
 * that ended).
 */
export async function personalValues(
  parts_: ReadonlyMap<string, { name: string; args: Record<string, string> }>,
  shopper: CookieShopper,
  memory?: ValueMemory,
): Promise<Map<string, unknown> | null> {
  const values = new Map<string, unknown>()
  try {
    await Promise.all(
      [...parts_].map(async ([token, { name, args }]) => {
        const definition = parts[name as PartName] as Part<Record<string, string>, unknown>
        const load = () => definition.load(shopper, args)
        const key = `${shopper.memoryKey}\n${name}\n${JSON.stringify(args)}`
        const owner = definition.perRequest ? null : shopper.owner
        values.set(token, await (memory && owner ? memory.recall(owner, key, load) : load()))
      }),
    )
  } catch (error) {
    if (isApiError(error, 401)) return null
    throw error
  }
  return values
}
