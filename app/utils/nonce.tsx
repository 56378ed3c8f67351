import { createContext, useContext } from 'react'

const NonceContext = createContext('')
export const NonceProvider = NonceContext.Provider
/** This request's CSP nonce; empty in the browser, where scripts are already loaded. */
export const useNonce = () => useContext(NonceContext)
