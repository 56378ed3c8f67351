import { createContext, type ReactNode, useContext } from 'react'
import { BasketUiProvider } from '#app/components/basket/basket-context.tsx'
import type { Lang } from '#app/utils/i18n.ts'
import type { FramePersonal } from '#app/utils/personal.server.ts'
import { type PersonalText, usePersonalValue } from '#app/utils/personal.tsx'

type Frame = { text: PersonalText<FramePersonal>; value: FramePersonal }

const FrameContext = createContext<Frame | null>(null)

/**
 * The shopper's own part of the shop's frame (their name, the header's counts,
 * what is in their basket and favourites) for everything inside the shop
 * layout: the header, the menu and every product's buttons. The page cache
 * renders a page's slots again inside this same provider (app/utils/personal-slots.server.tsx).
 */
export function FramePersonalProvider({
  lang,
  text,
  children,
}: {
  lang: Lang
  text: PersonalText<FramePersonal>
  children: ReactNode
}) {
  const value = usePersonalValue(text)
  return (
    <FrameContext.Provider value={{ text, value }}>
      <BasketUiProvider lang={lang} liked={value.liked} inBasket={value.inBasket}>
        {children}
      </BasketUiProvider>
    </FrameContext.Provider>
  )
}

/** The shopper's frame values and their text (a slot's state reads the text); `null` outside the shop layout. */
export function useFramePersonal() {
  return useContext(FrameContext)
}
