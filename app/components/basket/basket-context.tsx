import { createContext, type ReactNode, useContext, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import type { Lang } from '#app/utils/i18n.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'

type BasketUi = {
  lang: Lang
  /** Ids of the visitor's favourites as the server last said (common/badges/ with its items). */
  liked: ReadonlySet<number>
  /** Units of each product in the basket as the server last said (common/badges/ with its items). */
  inBasket: ReadonlyMap<number, number>
  /** Where a form without JavaScript comes back to: this page. */
  here: string
  hydrated: boolean
  t: ReturnType<typeof useTranslation<'basket'>>['t']
}

const BasketUiContext = createContext<BasketUi | null>(null)

/**
 * What the basket and favourite buttons of every card share, looked up once
 * per page rather than once per card: the texts, the liked ids, the basket, the page.
 */
export function BasketUiProvider({
  lang,
  liked,
  inBasket,
  children,
}: {
  lang: Lang
  liked: number[]
  inBasket: [number, number][]
  children: ReactNode
}) {
  const { t } = useTranslation('basket')
  const { pathname, search } = useLocation()
  const hydrated = useHydrated()
  const here = `${pathname}${search}`
  const likedSet = useMemo(() => new Set(liked), [liked])
  const basket = useMemo(() => new Map(inBasket), [inBasket])
  const value = useMemo(
    () => ({ lang, liked: likedSet, inBasket: basket, here, hydrated, t }),
    [lang, likedSet, basket, here, hydrated, t],
  )
  return <BasketUiContext.Provider value={value}>{children}</BasketUiContext.Provider>
}

/** The shared basket texts and state; `null` outside the shop layout (the buttons then render nothing). */
export function useBasketUi() {
  return useContext(BasketUiContext)
}
