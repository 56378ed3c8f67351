export * from './auth.ts'
export * from './phone.ts'
