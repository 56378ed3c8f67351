import { type ListFilters, listParams } from '../../+shared/list-params.ts'

/** The product list's filters (../../+shared/list-params.ts); the export takes the same, without the order (`sort`). */
export const filterNames = ['q', 'brand', 'category', 'stock', 'hidden', 'no_picture', 'missing_translation'] as const
export type FilterName = (typeof filterNames)[number] | 'sort'
export type ProductFilters = ListFilters<FilterName>

const params = listParams<FilterName>([...filterNames, 'sort'])
export const parseProductFilters = params.parse
export const productSearch = params.search
