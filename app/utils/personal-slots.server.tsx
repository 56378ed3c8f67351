import { createInstance, type i18n } from 'i18next'
import { createContext, Fragment, type ReactNode, useContext } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { FramePersonalProvider } from '#app/components/shell/frame-personal.tsx'
import { i18nextOptions } from '#app/middleware/i18next.ts'
import type { Lang } from './i18n.ts'
import type { FramePersonal } from './personal.server.ts'
import { type PersonalText, PersonalValues } from './personal.tsx'

// The slots of a cached page rendered again for one shopper: the same elements
// the shared render marked (`PersonalSlot`), inside the providers the shop
// layout gives them (the router at the page's address, the texts of its
// language, the shopper's frame values), so each comes out as the whole page
// rendered for that shopper would have it.

type Slots = { lang: Lang; frame: PersonalText<FramePersonal> | null; children: ReactNode[] }

const SlotsContext = createContext<Slots>({ lang: 'ru', frame: null, children: [] })

/** The page's one route: the slots, each after a delimiter, inside the shop layout's providers. */
function SlotsPage() {
  const { lang, frame, children } = useContext(SlotsContext)
  const delimited = (
    <>
      {children.map((child, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the slots are a fixed list, rendered once.
        <Fragment key={index}>
          <template data-slot={index} />
          {child}
        </Fragment>
      ))}
      <template data-slot={children.length} />
    </>
  )
  return frame ? (
    <FramePersonalProvider lang={lang} text={frame}>
      {delimited}
    </FramePersonalProvider>
  ) : (
    delimited
  )
}

const handler = createStaticHandler([{ id: 'personal-slots', path: '*', Component: SlotsPage }])

// One i18next instance a language, made as every request's is (app/middleware/i18next.ts); it only reads.
const instances = new Map<Lang, Promise<i18n>>()
function i18nFor(lang: Lang) {
  let instance = instances.get(lang)
  if (!instance) {
    const made = createInstance(i18nextOptions).use(initReactI18next)
    instance = made.init({ lng: lang }).then(() => made)
    instances.set(lang, instance)
  }
  return instance
}

const delimiter = /<template data-slot="\d+"><\/template>/

/**
 * The HTML of each of `children` at `url` for the shopper whose values `values`
 * holds (token → value); `frame`: the token of the shop frame's values.
 */
export async function renderSlots(
  children: ReactNode[],
  {
    url,
    lang,
    frame,
    values,
  }: { url: string; lang: Lang; frame: PersonalText<FramePersonal> | null; values: ReadonlyMap<string, unknown> },
): Promise<string[]> {
  // The address as React Router's server gives a document's components (lib/server-runtime/urls.ts): its
  // query read and written again by URLSearchParams (a space becomes `+` in a link made from it), no _routes.
  const at = new URL(url)
  const search = new URLSearchParams(at.search)
  search.delete('_routes')
  at.search = search.toString()
  const [context, i18n] = await Promise.all([handler.query(new Request(at)), i18nFor(lang)])
  if (context instanceof Response) throw new Error(`the slots' page answered ${context.status}`)
  const router = createStaticRouter(handler.dataRoutes, context)
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <PersonalValues.Provider value={values}>
        <SlotsContext.Provider value={{ lang, frame, children }}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </SlotsContext.Provider>
      </PersonalValues.Provider>
    </I18nextProvider>,
  )
  // Before the first delimiter: what React hoists (preloads of the slots' pictures), already in the page's head.
  return html.split(delimiter).slice(1, children.length + 1)
}
