import { z } from '@hono/zod-openapi'
import {
  accountDeleteSchema,
  codeWithSessionSchema,
  passwordAfterResetSchema,
  passwordChangeSchema,
  phoneOnlySchema,
  registerSchema,
  resetVerifySchema,
} from '#contract/account.ts'
import { authLimits } from '#contract/auth-limits.ts'
import { randomToken, sha256 } from '../auth/crypto.ts'
import { customerRoutes, errors, jsonBody, messageSchema, tokensSchema, userSchema } from '../auth/openapi.ts'
import { hashPassword, verifyPassword } from '../auth/passwords.ts'
import { authService } from '../auth/service.ts'
import { accountBlocked } from '../customers/blocking.ts'
import type { Db } from '../db/client.ts'
import { type ApiDeps, createRouter } from '../http/context.ts'
import { ApiError } from '../http/errors.ts'
import { limitAddress, requireUser } from '../http/identity.ts'
import type { Lang } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import { routeGroup } from '../http/openapi.ts'
import { mediaBase } from '../media/links.ts'
import { deleteAccount } from './delete.ts'
import { changePhone, createAccount, setPassword } from './service.ts'
import { isUniqueViolation, liveUserById, liveUserByPhone, type UserRow, userView } from './users.ts'

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
})

export const sessionSchema = z
  .object({ session: z.string().openapi({ description: 'Names the code just sent; pass it to …/verify/' }) })
  .openapi('CodeSession')
export const signatureSchema = z
  .object({ signature: z.string().openapi({ description: 'Proof of the verified step; pass it to the next step' }) })
  .openapi('Signature')
export const registeredSchema = z.object({ token: tokensSchema }).openapi('Registered')

const codeRules =
  'Codes: 6 digits, valid 5 minutes, 5 tries; a new code for the same phone after 60 s (429 with the seconds ' +
  'in `detail` and `Retry-After`); at most 5 codes per phone (then one reset code an hour) and 20 per client ' +
  'address (IPv6: its /64) in 24 hours, "already registered" answers counted; past the address cap every ' +
  'phone gets the same 429.'

const customer = customerRoutes(['account'])

const accountRoute = customer.get('/account/', {
  summary: 'The signed-in customer',
  responses: { 200: json(userSchema, 'The customer'), 401: errors[401] },
})

const deleteRoute = customer.delete('/account/delete/', {
  summary: 'Delete the account: personal data erased, every session ended',
  description:
    'Only when asked explicitly: the body `{"confirm": true, "password": "<the account’s password>"}`. ' +
    'Without `confirm: true` 400 flagging `confirm`; a missing or wrong password 400 flagging `password`, ' +
    'counted as a failed login (429 with `Retry-After` after 5). The row stays, anonymised, for past orders; ' +
    'the phone can register again. The customer’s reviews and their photos are removed and the ratings of ' +
    'those products recounted (docs/decisions/005).',
  request: jsonBody(accountDeleteSchema),
  responses: { 200: json(messageSchema, 'Deleted'), 400: errors[400], 401: errors[401], 429: errors[429] },
})

const route = routeGroup({ tags: ['account'] })

const registrationEntryRoute = route.post('/account/registration/entrypoint/', {
  summary: 'Registration step 1: send a code to the phone',
  description: `409 when the phone already has an account (\`errors\` flags \`phone\`). ${codeRules}`,
  request: jsonBody(phoneOnlySchema),
  responses: {
    200: json(sessionSchema, 'Code sent'),
    400: errors[400],
    409: errors[409],
    429: errors[429],
    503: errors[503],
  },
})

const registrationVerifyRoute = route.post('/account/registration/verify/', {
  summary: 'Registration step 2: check the code',
  description:
    'Wrong code: 400 with the tries left; expired or replaced code: 400; tries used up: 429. ' +
    'Errors flag `code`. The signature is valid 15 minutes.',
  request: jsonBody(codeWithSessionSchema),
  responses: {
    200: json(signatureSchema, 'Code right'),
    400: errors[400],
    429: errors[429],
  },
})

const registrationRegisterRoute = route.post('/account/registration/register/', {
  summary: 'Registration step 3: set the password and name; signs in',
  description:
    'Password at least 8 characters; `password_confirm`, when sent, must match. ' +
    "Used or expired signature: 400 (`signature`). With a `Fingerprint` header the visitor's basket and " +
    'favourites move into the new account.',
  request: jsonBody(registerSchema),
  responses: {
    201: json(registeredSchema, 'Account created, signed in'),
    400: errors[400],
    409: errors[409],
  },
})

const resetRoute = route.post('/account/password-reset/', {
  summary: 'Password reset step 1: send a code if the phone has an account',
  description: `Answers the same whether or not the phone has an account. ${codeRules}`,
  request: jsonBody(phoneOnlySchema),
  responses: { 200: json(signatureSchema, 'Accepted'), 400: errors[400], 429: errors[429] },
})

const resetVerifyRoute = route.post('/account/password-reset/verify/', {
  summary: 'Password reset step 2: check the code; signs in',
  description:
    'The tokens open a session that may call password-change-after-reset/ for 15 minutes. ' +
    'Wrong code: 400 with the tries left; expired: 400; tries used up: 429; errors flag `code`. ' +
    "A blocked account: 403 saying so, with the shop's phone.",
  request: jsonBody(resetVerifySchema),
  responses: { 200: json(tokensSchema, 'Code right'), 400: errors[400], 403: errors[403], 429: errors[429] },
})

const passwordAfterResetRoute = customer.put('/account/password-change-after-reset/', {
  summary: 'Password reset step 3: set the new password (at least 6 characters)',
  description: 'Only with the tokens from password-reset/verify/, within 15 minutes (else 403). Ends other sessions.',
  request: jsonBody(passwordAfterResetSchema),
  responses: { 200: json(messageSchema, 'Changed'), 400: errors[400], 401: errors[401], 403: errors[403] },
})

const passwordChangeRoute = customer.put('/account/password-change/', {
  summary: 'Change the password (at least 6 characters) with the current one',
  description:
    'A missing or wrong `old_password` is one error: 400 "current password missing or incorrect" flagging ' +
    '`old_password`; it counts as a failed login (429 after 5). Ends the other sessions.',
  request: jsonBody(passwordChangeSchema),
  responses: {
    200: json(messageSchema, 'Changed'),
    400: errors[400],
    401: errors[401],
    429: errors[429],
  },
})

const phoneChangeRoute = customer.post('/account/phone-change/', {
  summary: 'Change the phone number, step 1: send a code to the new number',
  description:
    `400 when it is the current number, 409 when another account has it (\`phone\` flagged). ${codeRules} ` +
    `An account may also ask at most ${authLimits.phoneChangeCodesPerAccount} phone-change codes (its ` +
    '"already registered" answers counted) in 24 hours, from any address: then 429 with `Retry-After`.',
  request: jsonBody(phoneOnlySchema),
  responses: {
    200: json(sessionSchema, 'Code sent'),
    400: errors[400],
    401: errors[401],
    409: errors[409],
    429: errors[429],
    503: errors[503],
  },
})

const phoneChangeVerifyRoute = customer.post('/account/phone-change/verify/', {
  summary: 'Change the phone number, step 2: the code from the new number; the number changes',
  request: jsonBody(codeWithSessionSchema),
  responses: {
    200: json(userSchema, 'Number changed'),
    400: errors[400],
    401: errors[401],
    409: errors[409],
    429: errors[429],
  },
})

const phoneTaken = (lang: Lang) => {
  const detail = message(lang, 'phone_registered')
  return new ApiError(409, detail, [{ field: 'phone', message: detail }])
}

/** The account of a token that is still live; 401 when the account is gone. */
async function signedInUser(db: Db, id: number, lang: Lang) {
  const row = await liveUserById(db, id)
  if (!row) throw new ApiError(401, message(lang, 'token_invalid'))
  return row
}

/** The customer's account: registration, the account itself, its password and its phone. */
export function accountRoutes(deps: ApiDeps) {
  return createRouter()
    .route('/', ownAccountRoutes(deps))
    .route('/', registrationRoutes(deps))
    .route('/', passwordRoutes(deps))
    .route('/', phoneRoutes(deps))
}

/** The signed-in customer, and deleting the account. */
function ownAccountRoutes(deps: ApiDeps) {
  const { db, throttle } = authService(deps)
  const media = mediaBase(deps.config)
  return createRouter()
    .openapi(accountRoute, async (c) => {
      const user = requireUser(c)
      return c.json(userView(await signedInUser(db, user.id, c.get('lang')), media), 200)
    })
    .openapi(deleteRoute, async (c) => {
      const lang = c.get('lang')
      const current = requireUser(c)
      const { password } = c.req.valid('json')
      const user = await signedInUser(db, current.id, lang)
      // Like a password change: a wrong password counts as a failed login.
      if (user.passwordHash) {
        const attempt = await throttle.begin(user.phone ?? '', limitAddress(c), lang)
        if (!password || !(await verifyPassword(user.passwordHash, password))) {
          const detail = message(lang, 'old_password_incorrect')
          throw new ApiError(400, detail, [{ field: 'password', message: detail }])
        }
        await attempt.succeeded()
      }
      await deleteAccount(deps, current.id)
      return c.json({ message: message(lang, 'account_deleted') }, 200)
    })
}

/** Registration: a code to the phone, the code verified, the account made. */
function registrationRoutes(deps: ApiDeps) {
  const { db, now, tokens, codes } = authService(deps)
  return createRouter()
    .openapi(registrationEntryRoute, async (c) => {
      const lang = c.get('lang')
      const { phone } = c.req.valid('json')
      const address = limitAddress(c)
      if (await liveUserByPhone(db, phone)) {
        // "Already registered" tells who is a customer: it spends the address's daily share like a code.
        await codes.countTakenAnswer(address, lang)
        throw phoneTaken(lang)
      }
      const session = await codes.issue({
        purpose: 'register',
        phone,
        address,
        lang,
        delivery: 'await',
      })
      return c.json({ session }, 200)
    })
    .openapi(registrationVerifyRoute, async (c) => {
      const { code, phone, session } = c.req.valid('json')
      const signature = randomToken()
      await codes.verify({
        purpose: 'register',
        ticket: session,
        code,
        phone,
        lang: c.get('lang'),
        finish: { signatureHash: sha256(signature) },
      })
      return c.json({ signature }, 200)
    })
    .openapi(registrationRegisterRoute, async (c) => {
      const lang = c.get('lang')
      const { password, full_name, signature } = c.req.valid('json')
      const fingerprint = c.get('fingerprint')
      const signatureError = () => {
        const detail = message(lang, 'signature_invalid')
        return new ApiError(400, detail, [{ field: 'signature', message: detail }])
      }
      const verified = await codes.bySignature(signature, 'register')
      if (!verified) throw signatureError()
      if (await liveUserByPhone(db, verified.phone)) throw phoneTaken(lang)
      const passwordHash = await hashPassword(password)
      const at = now()
      let userId: number | null
      try {
        userId = await createAccount(
          db,
          { codeId: verified.id, phone: verified.phone, passwordHash, fullName: full_name, fingerprint },
          at,
        )
      } catch (error) {
        if (isUniqueViolation(error)) throw phoneTaken(lang)
        throw error
      }
      if (userId === null) throw signatureError()
      return c.json({ token: await tokens.open(userId) }, 201)
    })
}

/** A forgotten password reset by an SMS code, and a password changed knowing the old one. */
function passwordRoutes(deps: ApiDeps) {
  const { db, now, tokens, codes, throttle } = authService(deps)
  return createRouter()
    .openapi(resetRoute, async (c) => {
      const lang = c.get('lang')
      const { phone } = c.req.valid('json')
      const user = await liveUserByPhone(db, phone)
      // Same limits, same answer, same timing either way; only an account holder gets the SMS.
      const signature = await codes.issue({
        purpose: 'reset',
        phone,
        address: limitAddress(c),
        lang,
        delivery: user ? 'background' : 'none',
      })
      return c.json({ signature }, 200)
    })
    .openapi(resetVerifyRoute, async (c) => {
      const { code, signature } = c.req.valid('json')
      const found: { user: UserRow | null } = { user: null }
      await codes.verify({
        purpose: 'reset',
        ticket: signature,
        code,
        lang: c.get('lang'),
        finish: 'consume',
        // A phone without an account got no SMS: any code for it is simply wrong.
        accept: async (row) => {
          found.user = await liveUserByPhone(db, row.phone)
          return found.user !== null
        },
      })
      // The code proved the phone is theirs: a blocked customer is told why instead of getting a session.
      if (found.user!.blockedAt) throw await accountBlocked(db, c.get('lang'))
      const resetUntil = new Date(now().getTime() + authLimits.resetSessionTtl * 1000)
      return c.json(await tokens.open(found.user!.id, { resetUntil }), 200)
    })
    .openapi(passwordAfterResetRoute, async (c) => {
      const lang = c.get('lang')
      const current = requireUser(c)
      const { new_password } = c.req.valid('json')
      const until = await tokens.resetUntil(current.sessionId)
      if (!until || until <= now()) throw new ApiError(403, message(lang, 'reset_not_allowed'))
      await signedInUser(db, current.id, lang)
      const passwordHash = await hashPassword(new_password)
      await setPassword(db, current.id, passwordHash, now())
      await tokens.endReset(current.sessionId)
      await tokens.revokeAll(current.id, current.sessionId)
      return c.json({ message: message(lang, 'password_changed') }, 200)
    })
    .openapi(passwordChangeRoute, async (c) => {
      const lang = c.get('lang')
      const current = requireUser(c)
      const { old_password, new_password } = c.req.valid('json')
      const user = await signedInUser(db, current.id, lang)
      const attempt = await throttle.begin(user.phone ?? '', limitAddress(c), lang)
      if (!old_password || !(await verifyPassword(user.passwordHash, old_password))) {
        const detail = message(lang, 'old_password_incorrect')
        throw new ApiError(400, detail, [{ field: 'old_password', message: detail }])
      }
      await attempt.succeeded()
      const passwordHash = await hashPassword(new_password)
      await setPassword(db, current.id, passwordHash, now())
      await tokens.revokeAll(current.id, current.sessionId)
      return c.json({ message: message(lang, 'password_changed') }, 200)
    })
}

/** Moving the account to another phone, confirmed by a code sent to it. */
function phoneRoutes(deps: ApiDeps) {
  const { db, codes } = authService(deps)
  const media = mediaBase(deps.config)
  return createRouter()
    .openapi(phoneChangeRoute, async (c) => {
      const lang = c.get('lang')
      const current = requireUser(c)
      const { phone } = c.req.valid('json')
      const user = await signedInUser(db, current.id, lang)
      if (user.phone === phone) {
        const detail = message(lang, 'phone_same')
        throw new ApiError(400, detail, [{ field: 'phone', message: detail }])
      }
      const address = limitAddress(c)
      if (await liveUserByPhone(db, phone)) {
        await codes.countTakenAnswer(address, lang, current.id)
        throw phoneTaken(lang)
      }
      const session = await codes.issue({
        purpose: 'change_phone',
        phone,
        userId: current.id,
        address,
        lang,
        delivery: 'await',
      })
      return c.json({ session }, 200)
    })
    .openapi(phoneChangeVerifyRoute, async (c) => {
      const lang = c.get('lang')
      const current = requireUser(c)
      const { code, phone, session } = c.req.valid('json')
      await signedInUser(db, current.id, lang)
      await codes.verify({
        purpose: 'change_phone',
        ticket: session,
        code,
        phone,
        userId: current.id,
        lang,
        finish: 'consume',
      })
      try {
        const row = await changePhone(db, current.id, phone)
        return c.json(userView(row, media), 200)
      } catch (error) {
        if (isUniqueViolation(error)) throw phoneTaken(lang)
        throw error
      }
    })
}
