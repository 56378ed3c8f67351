import { createLoginThrottle } from '../auth/throttle.ts'
import type { Config } from '../config.ts'
import { type ApiDeps, perApi } from '../http/context.ts'
import { createStaffSessions } from './sessions.ts'

/** A live shop requires every staff account to have a second factor; a demo shop lets the demo owner in without. */
export const secondFactorRequired = (config: Config) => config.SHOP_MODE === 'live'

function createStaffService(deps: ApiDeps) {
  const now = deps.now ?? (() => new Date())
  const { db } = deps.database
  return {
    db,
    now,
    config: deps.config,
    secondFactorRequired: secondFactorRequired(deps.config),
    sessions: createStaffSessions({ db, now, secondFactorRequired: secondFactorRequired(deps.config) }),
    // Staff sign-ins count apart from customers': a shop's own address is not penalised for customers' typos.
    throttle: createLoginThrottle({ db, now, perAddress: deps.config.LOGIN_FAILURES_PER_ADDRESS, scope: 'staff' }),
    // Wrong authenticator and recovery codes, apart: a right password does not forgive them.
    codeThrottle: createLoginThrottle({
      db,
      now,
      perAddress: deps.config.LOGIN_FAILURES_PER_ADDRESS,
      scope: 'staff-code',
    }),
  }
}

export type StaffService = ReturnType<typeof createStaffService>

/** The staff service of one API instance. */
export const staffService = perApi(createStaffService)
