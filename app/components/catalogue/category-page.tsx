import { useLocation } from 'react-router'
import type { ListingView } from '#app/components/catalogue/views.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { Breadcrumbs, type Crumb } from './breadcrumbs.tsx'
import { ProductListing } from './listing.tsx'

export type CategoryPageData = {
  lang: Lang
  category: { id: number; slug: string; title: string }
  basePath: string
  crumbs: Crumb[]
  listing: ListingView
}

/** One category: its title and its products with filters (by slug or by id). */
export function CategoryPage({ data }: { data: CategoryPageData }) {
  const { search } = useLocation()
  return (
    <main id="main" className="container catalogue-page">
      <Breadcrumbs crumbs={data.crumbs} />
      <h1>{data.category.title}</h1>
      <ProductListing
        key={search}
        listing={data.listing}
        lang={data.lang}
        basePath={data.basePath}
        fixedSections
        label={data.category.title}
      />
    </main>
  )
}
