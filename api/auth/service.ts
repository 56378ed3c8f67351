import { type ApiDeps, perApi } from '../http/context.ts'
import { countedSms, createSmsProvider } from '../integrations/sms/index.ts'
import { createCodes } from './codes.ts'
import { createLoginThrottle } from './throttle.ts'
import { createTokens } from './tokens.ts'

/** What the auth and account routes share: one SMS provider (one Eskiz token), one clock. */
function createAuthService(deps: ApiDeps) {
  const now = deps.now ?? (() => new Date())
  const { db } = deps.database
  const sms = countedSms(deps.sms ?? createSmsProvider(deps.config, now))
  return {
    db,
    now,
    sms,
    tokens: createTokens({ db, config: deps.config, now }),
    codes: createCodes({ db, config: deps.config, now, sms }),
    throttle: createLoginThrottle({ db, now, perAddress: deps.config.LOGIN_FAILURES_PER_ADDRESS }),
  }
}

export type AuthService = ReturnType<typeof createAuthService>

/** The auth service of one API instance. */
export const authService = perApi(createAuthService)
