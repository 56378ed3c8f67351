import { type ListFilters, listParams } from '../list-params.ts'

/** The product list's filters (admin/list-params.ts). */
export const filterNames = [
  'q',
  'brand',
  'category',
  'stock',
  'hidden',
  'no_picture',
  'missing_translation',
  'sort',
] as const
export type FilterName = (typeof filterNames)[number]
export type ProductFilters = ListFilters<FilterName>

const params = listParams(filterNames)
export const parseProductFilters = params.parse
export const productSearch = params.search
