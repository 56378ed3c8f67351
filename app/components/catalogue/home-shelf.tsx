import { useEffect, useRef, useState } from 'react'
import type { Lang } from '#app/utils/i18n.ts'
import { ProductGrid } from './product-card.tsx'
import { HomeSection } from './section.tsx'
import type { ProductCardView } from './views.ts'

// How near the screen a shelf starts to render: within a screen's height above or below it, so it is there
// before it is scrolled to.
const nearScreen = '100% 0px'

/**
 * A home page shelf of products: its heading and the link to its full list, then its cards.
 *
 * `later`: the shelf is below the first two screens of a person's first paint, so its cards are left out of
 * the page's layout until they are wanted (docs/decisions/007-javascript-budget.md, "The home page"):
 * without JavaScript the browser shows them from a <noscript>, whole, as before; with it they render from the
 * page's data once the page runs and the shelf nears the screen, over a box of their size until then.
 * Bots get every shelf whole (the home route sets `later` for people only).
 */
export function ProductShelf({
  title,
  moreTo,
  products,
  lang,
  anchorPrefix,
  later,
}: {
  title: string
  moreTo: string
  products: ProductCardView[]
  lang: Lang
  /** The cards' ids: `#{anchorPrefix}-{id}` (a product may be on two shelves). */
  anchorPrefix: string
  later: boolean
}) {
  const near = useNearScreen(later)
  const cards = <ProductGrid products={products} lang={lang} anchorPrefix={anchorPrefix} />
  return (
    <HomeSection title={title} moreTo={moreTo}>
      {!later || near.reached ? (
        cards
      ) : (
        <>
          <ul ref={near.ref} className="product-grid shelf-to-come" aria-hidden="true">
            {products.map((product) => (
              <li key={product.id} />
            ))}
          </ul>
          {/* React renders a noscript's content on the server only; a browser running scripts keeps it as inert
              text, one without them shows it (and hides the box, which only a running page fills). */}
          <noscript>
            <style>{'.shelf-to-come{display:none}'}</style>
            {cards}
          </noscript>
        </>
      )}
    </HomeSection>
  )
}

/**
 * Whether the element `ref` is given has come within a screen of the viewport, once the page runs (the
 * server and hydration render it not reached, as the HTML was). Stays true once reached.
 */
function useNearScreen(watch: boolean) {
  const ref = useRef<HTMLUListElement>(null)
  const [reached, setReached] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!watch || reached || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setReached(true)
      },
      { rootMargin: nearScreen },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [watch, reached])
  return { ref, reached }
}
