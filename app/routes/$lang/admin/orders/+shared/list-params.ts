import { type ListFilters, listParams } from '../../+shared/list-params.ts'

/** The orders desk's filters (../../+shared/list-params.ts). */
export const filterNames = [
  'q',
  'status',
  'payment_status',
  'payment_method',
  'delivery',
  'region',
  'created_from',
  'created_to',
] as const
export type FilterName = (typeof filterNames)[number]
export type DeskFilters = ListFilters<FilterName>

const params = listParams(filterNames)
export const parseDeskFilters = params.parse
export const deskSearch = params.search

/** Whether any filter other than the status tab is set (the reset link shows then). */
export const hasFilters = (filters: DeskFilters) => filterNames.some((n) => n !== 'status' && filters[n])
