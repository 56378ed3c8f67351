import { z } from '@hono/zod-openapi'
import { cardExpirySchema, cardNumberSchema } from '#contract/card.ts'
import { customerRoutes } from '../auth/openapi.ts'
import { type ApiDeps, createRouter } from '../http/context.ts'
import { ApiError, fieldErrors } from '../http/errors.ts'
import { requireUser } from '../http/identity.ts'
import { message } from '../http/messages.ts'
import { requiredJson } from '../http/openapi.ts'
import { errorSchema, idParam, jsonContent } from '../http/schemas.ts'
import { cardCodeLimits } from '../integrations/payments/sandbox/cards.ts'
import { cardProviderOf } from './provider.ts'
import { cardView, createCardService } from './service.ts'

const error = (description: string) => jsonContent(errorSchema, description)
const unauthorized = error('No or an invalid access token')
const notFound = error("No such card of this customer (another customer's card is a 404 too)")
const unavailable = error('The payment provider or the SMS service did not answer; try again later')

export const cardSchema = z
  .object({
    id: z.number().int(),
    masked_number: z.string().openapi({ example: '8600 **** **** 6311' }),
    expiry: z.string().openapi({ example: '03/29', description: 'MM/YY' }),
    system: z.enum(['uzcard', 'humo', 'mastercard', 'visa']),
    verified: z.boolean().openapi({ description: 'Confirmed with the SMS code; only confirmed cards are listed' }),
    phone: z.string().nullable().openapi({ description: 'Where the code went (masked) while unconfirmed' }),
    created_at: z.string(),
  })
  .openapi('Card')

export const addedSchema = cardSchema
  .extend({
    card_id: z.number().int(),
    code_ttl: z.number().int().openapi({ description: 'Seconds the code is valid (sandbox)' }),
  })
  .openapi('AddedCard')

const addBody = z
  .object({
    number: z.string().max(40).openapi({ example: '8600 0691 9540 6311' }),
    expiry: z.string().max(10).openapi({ example: '03/29' }),
  })
  .strict()

const verifyBody = z.object({ code: z.string().refine((v) => /^\d{6}$/.test(v), 'invalid_code') }).strict()

const cardIdParams = z.object({ id: idParam('id', 7) })

const customer = customerRoutes(['cards'])

const listRoute = customer.get('/cards/', {
  summary: "The customer's confirmed cards",
  responses: { 200: jsonContent(z.array(cardSchema), 'Confirmed cards, oldest first'), 401: unauthorized },
})

const detailRoute = customer.get('/cards/{id}/', {
  summary: 'One card of the customer, confirmed or waiting for its code',
  request: { params: cardIdParams },
  responses: { 200: jsonContent(cardSchema, 'The card'), 401: unauthorized, 404: notFound },
})

const addRoute = customer.post('/cards/', {
  summary: 'Add a card: tokenise it and send the confirmation code',
  description:
    'The number (16 digits, spaces allowed; prefixes 8600/5614 uzcard, 9860 humo, 5440 mastercard, 4200 visa) ' +
    'goes to the provider and is never stored: the shop keeps its token, the masked number, the expiry and the ' +
    'system. Expiry `MM/YY`: month 1–12, not before the current month, at most 5 years ahead. The code goes to ' +
    "the customer's phone (sandbox) or to the card's phone (Payme); confirm with cards/{id}/verify/. A card the " +
    'customer has already confirmed is a 409 (`card_duplicate`). At most 10 unconfirmed cards a day (429).',
  request: { body: requiredJson(addBody) },
  responses: {
    201: jsonContent(addedSchema, 'Card registered, code sent'),
    400: error('Invalid number or expiry, or the provider refused the card'),
    401: unauthorized,
    409: error('This card is already saved'),
    429: error('Too many cards added today'),
    503: unavailable,
  },
})

const verifyRoute = customer.post('/cards/{id}/verify/', {
  summary: 'Confirm a card with the SMS code',
  description: 'Sandbox codes: 6 digits, 5 minutes, 5 tries (then 429). An already confirmed card answers as is.',
  request: {
    params: cardIdParams,
    body: requiredJson(verifyBody),
  },
  responses: {
    200: jsonContent(cardSchema, 'The confirmed card'),
    400: error('Wrong or expired code'),
    401: unauthorized,
    404: notFound,
    409: error('The same card was confirmed meanwhile'),
    429: error('No tries left: add the card again'),
    503: unavailable,
  },
})

const removeRoute = customer.delete('/cards/{id}/', {
  summary: 'Remove a card (here and at the provider)',
  request: { params: cardIdParams },
  responses: { 204: { description: 'Removed' }, 401: unauthorized, 404: notFound, 503: unavailable },
})

export function cardRoutes(deps: ApiDeps) {
  const { db } = deps.database
  const now = deps.now ?? (() => new Date())
  const service = createCardService({ db, config: deps.config, now, provider: () => cardProviderOf(deps) })
  const addBody = z.object({ number: cardNumberSchema, expiry: cardExpirySchema(now) })

  return createRouter()
    .openapi(listRoute, async (c) => {
      const user = requireUser(c)
      c.header('Cache-Control', 'private, no-store')
      return c.json((await service.list(user.id)).map(cardView), 200)
    })
    .openapi(detailRoute, async (c) => {
      const user = requireUser(c)
      c.header('Cache-Control', 'private, no-store')
      return c.json(cardView(await service.ownCard(user.id, c.req.valid('param').id, c.get('lang'))), 200)
    })
    .openapi(addRoute, async (c) => {
      const user = requireUser(c)
      const lang = c.get('lang')
      // The rules need the clock of the request (expiry against the current month).
      const parsed = addBody.safeParse(c.req.valid('json'))
      if (!parsed.success)
        throw new ApiError(400, message(lang, 'invalid_input'), fieldErrors(parsed.error.issues, lang))
      const { row, phone } = await service.add(user.id, parsed.data, lang)
      c.header('Cache-Control', 'private, no-store')
      return c.json({ ...cardView(row), card_id: row.id, phone, code_ttl: cardCodeLimits.ttl }, 201)
    })
    .openapi(verifyRoute, async (c) => {
      const user = requireUser(c)
      const row = await service.verify(user.id, c.req.valid('param').id, c.req.valid('json').code, c.get('lang'))
      c.header('Cache-Control', 'private, no-store')
      return c.json(cardView(row), 200)
    })
    .openapi(removeRoute, async (c) => {
      const user = requireUser(c)
      await service.remove(user.id, c.req.valid('param').id, c.get('lang'))
      return c.body(null, 204)
    })
}
