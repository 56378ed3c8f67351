import type { Customer } from '#api/types.ts'

// A customer as admin/customers/ lists them and admin/customers/{id}/ answers (api/admin/customers/schemas.ts).
export type { Customer }
