import { z } from '@hono/zod-openapi'
import {
  STAFF_PASSWORD_MIN,
  secondFactorSchema,
  staffLoginSchema,
  staffPasswordSchema,
  totpConfirmSchema,
} from '#contract/staff.ts'
import { recordAudit } from '../audit/record.ts'
import { jsonBody, messageSchema } from '../auth/openapi.ts'
import { type ApiDeps, createRouter } from '../http/context.ts'
import { message } from '../http/messages.ts'
import { routeGroup } from '../http/openapi.ts'
import { jsonContent } from '../http/schemas.ts'
import {
  changeStaffPassword,
  confirmTotpEnrolment,
  regenerateRecoveryCodes,
  staffLogin,
  staffSecondFactor,
  startTotpEnrolment,
} from '../staff/auth.ts'
import { staffService } from '../staff/service.ts'
import { auditActor, clientInfo, requireStaff, sessionStaff } from './middleware.ts'
import { adminErrorsOf, meSchema, staffRoutes } from './openapi.ts'

const tags = ['admin: sign-in']
const duringSetup = requireStaff({ duringSetup: true })

export const sessionSchema = z
  .object({
    token: z.string().openapi({ description: 'Send as `Authorization: Bearer` on admin/ calls' }),
    expires_at: z.string().openapi({ description: 'The latest the session lasts; it ends sooner after 12 h idle' }),
    staff: meSchema,
  })
  .openapi('StaffSession')

export const challengeSchema = z
  .object({
    second_factor_required: z.literal(true),
    challenge: z.string().openapi({ description: 'Send with the code to admin/auth/second-factor/' }),
    expires_at: z.string(),
  })
  .openapi('StaffChallenge')

export const enrolmentSchema = z.object({
  secret: z.string().openapi({ description: 'Base32, for typing into the app by hand' }),
  otpauth_uri: z.string(),
  qr_svg: z.string().openapi({ description: 'The otpauth:// address as an SVG QR code' }),
})

export const recoverySchema = z.object({
  recovery_codes: z.array(z.string()).openapi({ description: 'Each works once instead of a code' }),
})

const route = routeGroup({ tags })

const loginRoute = route.post('/admin/auth/login/', {
  summary: 'Staff sign-in with phone and password',
  description:
    'An account with a second factor gets a `challenge` (5 minutes, 5 tries) for admin/auth/second-factor/; ' +
    'one without gets the session at once (in SHOP_MODE=live it may then only set one up). Wrong phone or ' +
    'password: 400 with both fields flagged; throttled like customer sign-ins (429 with `Retry-After`), on ' +
    'counts of its own. A disabled account cannot sign in.',
  request: jsonBody(staffLoginSchema),
  responses: {
    200: jsonContent(z.union([sessionSchema, challengeSchema]), 'The session, or the second factor to give'),
    ...adminErrorsOf(400, 429),
  },
})

const secondFactorRoute = route.post('/admin/auth/second-factor/', {
  summary: "The second step: the authenticator's code or a recovery code",
  description:
    'Exactly one of `code` (6 digits; the current 30-second step, one before or one after; a code once used ' +
    'is refused) and `recovery_code` (each works once). Wrong code: 400; wrong codes are throttled (429). ' +
    'An unknown, expired, spent or exhausted `challenge`: 401, sign in again.',
  request: jsonBody(secondFactorSchema),
  responses: {
    200: jsonContent(sessionSchema, 'Signed in'),
    ...adminErrorsOf(400, 401, 429),
  },
})

const secured = staffRoutes(duringSetup, tags)

const totpStartRoute = secured.post('/admin/auth/totp/', {
  summary: 'Start setting up the authenticator app: its secret, otpauth:// address and QR code',
  description:
    'A new secret each call until confirmed. 409 when a second factor is already on (the owner resets it ' +
    'with admin/staff/{id}/reset-second-factor/). Integration keys: 403.',
  responses: {
    200: jsonContent(enrolmentSchema, 'Scan the QR code, then confirm with a code'),
    ...adminErrorsOf(401, 403, 409),
  },
})

const totpConfirmRoute = secured.post('/admin/auth/totp/confirm/', {
  summary: 'Confirm the authenticator with a code: the second factor is on; 10 recovery codes, shown once',
  description:
    'Every other session of the account ends (they were opened with the password alone); this one stays. ' +
    'Integration keys: 403.',
  request: jsonBody(totpConfirmSchema),
  responses: {
    200: jsonContent(recoverySchema, 'The second factor is on'),
    ...adminErrorsOf(400, 401, 403, 409, 429),
  },
})

const recoveryCodesRoute = secured.post('/admin/auth/recovery-codes/', {
  summary: "New recovery codes, with the authenticator's current code; the old ones stop working",
  description:
    'For an account whose second factor is on (else 409): 10 new codes, shown once, replace every earlier one, ' +
    'used or not. A wrong code: 400, throttled like sign-in codes (429). Audited `staff.recovery_codes_regenerate`.',
  request: jsonBody(totpConfirmSchema),
  responses: {
    200: jsonContent(recoverySchema, 'The new codes'),
    ...adminErrorsOf(400, 401, 403, 409, 429),
  },
})

const passwordRoute = secured.post('/admin/auth/password/', {
  summary: 'Change your password; your other sessions end',
  description: `The new password: ${STAFF_PASSWORD_MIN} to 128 characters, not the current one. A wrong current password: 400, throttled like sign-ins.`,
  request: jsonBody(staffPasswordSchema),
  responses: {
    200: jsonContent(meSchema, 'Changed; the account as it is now'),
    ...adminErrorsOf(400, 401, 403, 429),
  },
})

const logoutRoute = secured.post('/admin/auth/logout/', {
  summary: 'Sign out: this session ends',
  responses: {
    200: jsonContent(messageSchema, 'Signed out'),
    ...adminErrorsOf(401, 403),
  },
})

const logoutAllRoute = secured.post('/admin/auth/logout-all/', {
  summary: 'Sign out of all devices: every session of yours ends, this one too',
  responses: {
    200: jsonContent(messageSchema, 'Signed out everywhere'),
    ...adminErrorsOf(401, 403),
  },
})

export function adminAuthRoutes(deps: ApiDeps) {
  const s = staffService(deps)
  return createRouter()
    .openapi(loginRoute, async (c) =>
      c.json(await staffLogin(s, c.req.valid('json'), clientInfo(c), c.get('lang')), 200),
    )
    .openapi(secondFactorRoute, async (c) =>
      c.json(await staffSecondFactor(s, c.req.valid('json'), clientInfo(c), c.get('lang')), 200),
    )
    .openapi(totpStartRoute, async (c) => c.json(await startTotpEnrolment(s, sessionStaff(c).id, c.get('lang')), 200))
    .openapi(totpConfirmRoute, async (c) => {
      const me = sessionStaff(c)
      const done = await confirmTotpEnrolment(
        s,
        me,
        c.req.valid('json').code,
        auditActor(c),
        clientInfo(c),
        c.get('lang'),
      )
      return c.json(done, 200)
    })
    .openapi(recoveryCodesRoute, async (c) => {
      const me = sessionStaff(c)
      const done = await regenerateRecoveryCodes(
        s,
        me.id,
        c.req.valid('json').code,
        auditActor(c),
        clientInfo(c),
        c.get('lang'),
      )
      return c.json(done, 200)
    })
    .openapi(passwordRoute, async (c) => {
      const me = sessionStaff(c)
      return c.json(
        await changeStaffPassword(s, me, c.req.valid('json'), auditActor(c), clientInfo(c), c.get('lang')),
        200,
      )
    })
    .openapi(logoutRoute, async (c) => {
      await s.sessions.revoke(sessionStaff(c).sessionId)
      return c.json({ message: message(c.get('lang'), 'logged_out') }, 200)
    })
    .openapi(logoutAllRoute, async (c) => {
      const me = sessionStaff(c)
      const ended = await s.sessions.revokeAll(me.id)
      await recordAudit(s.db, {
        ...auditActor(c),
        action: 'staff.sign_out_all',
        entity: 'staff',
        entityId: me.id,
        after: { sessions_ended: ended },
        at: s.now(),
      })
      return c.json({ message: message(c.get('lang'), 'admin_signed_out_all') }, 200)
    })
}
