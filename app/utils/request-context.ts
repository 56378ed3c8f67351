import { createContext } from 'react-router'
import type { Api } from '#api/types.ts'

/** Context keys server.ts fills for every request (React Router middleware context). */
export const apiContext = createContext<Api>()
export const nonceContext = createContext<string>('')
/** The shopper's IP as the server saw it (for the API's rate limits). */
export const clientAddressContext = createContext<string | null>(null)
