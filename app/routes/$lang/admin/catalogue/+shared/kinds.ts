// The four lists of the taxonomy screens: the URL's kind, its API path, and
// whether its rows have a name (brands, manufacturers) or a title per language.

export const kinds = {
  brands: { api: 'admin/brands/', named: true },
  manufacturers: { api: 'admin/manufacturers/', named: true },
  categories: { api: 'admin/categories/', named: false },
  menu: { api: 'admin/category-groups/', named: false },
} as const
export type Kind = keyof typeof kinds
