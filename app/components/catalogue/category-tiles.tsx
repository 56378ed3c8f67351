import { Link } from 'react-router'
import type { CategoryRef, ImageLinks } from '#api/types.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { ResponsiveImage } from './image.tsx'

/** Category pictures with titles, linking to each category's products (home and the category list). */
export function CategoryTiles({
  categories,
  lang,
}: {
  categories: (CategoryRef & { image: ImageLinks | null })[]
  lang: Lang
}) {
  return (
    <ul className="category-tiles">
      {categories.map((category) => (
        <li key={category.id}>
          <Link to={`/${lang}/products/category/${category.slug}`} className="category-tile">
            {category.image ? (
              <ResponsiveImage
                links={category.image}
                alt=""
                width={120}
                height={120}
                sizes="120px"
                candidates={['small', 'medium']}
              />
            ) : (
              <span className="category-tile__placeholder" />
            )}
            <span>{category.title}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
