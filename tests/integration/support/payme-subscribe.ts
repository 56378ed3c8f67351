import { randomBytes } from 'node:crypto'
import { delay, HttpResponse, http } from 'msw'
import type { SetupServer } from 'msw/node'
import type { Json } from '#tests/support/json.ts'

export type SubscribeCall = { method: string; params: Record<string, Json>; auth: string | null; id: unknown }

export type SubscribeOptions = {
  /** Every call answers HTTP 502. */
  down?: boolean
  /** Every call waits this long (ms) first. */
  slow?: number
  /** `cards.get_verify_code` answers HTTP 503. */
  noSms?: boolean
  /** `receipts.pay` waits this long (ms) first. */
  slowPay?: number
  /** `receipts.pay` refuses with this Payme error code (e.g. -31630, not enough money). */
  payError?: number
  /** The first this many `receipts.cancel` calls answer HTTP 502 (a refund that fails, then succeeds). */
  cancelFailures?: number
}

/**
 * A Payme Subscribe API double with the shapes of its documented requests and
 * answers: test card 8600 0691 9540 6311, code 666666; receipts in tiyin with
 * states 0 created, 4 paid, 50 cancelled.
 */
export function paymeSubscribe(server: SetupServer, url: string, options: SubscribeOptions = {}) {
  const calls: SubscribeCall[] = []
  const tokens = new Map<string, { verified: boolean; number: string; expire: string }>()
  const receipts = new Map<
    string,
    { amount: number; account: Record<string, unknown>; state: number; token?: string }
  >()
  let issued = 0
  let cancels = 0
  server.use(
    http.post(url, async ({ request }) => {
      const body = (await request.json()) as { id: unknown; method: string; params: Record<string, Json> }
      calls.push({ method: body.method, params: body.params, auth: request.headers.get('x-auth'), id: body.id })
      if (options.slow) await delay(options.slow)
      if (options.down) return new HttpResponse('Bad gateway', { status: 502 })
      const reply = (result: unknown) => HttpResponse.json({ jsonrpc: '2.0', id: body.id, result })
      const fail = (code: number, message: string) =>
        HttpResponse.json({ jsonrpc: '2.0', id: body.id, error: { code, message } })
      const receiptView = (id: string) => {
        const r = receipts.get(id)!
        return {
          receipt: {
            _id: id,
            state: r.state,
            amount: r.amount,
            account: [{ name: 'order_id', value: r.account.order_id }],
          },
        }
      }
      switch (body.method) {
        case 'cards.create': {
          const { number, expire } = body.params.card
          if (!number.startsWith('8600')) return fail(-31300, 'Card number invalid')
          const token = `payme-token-${++issued}`
          tokens.set(token, { verified: false, number, expire })
          return reply({
            card: {
              number: `${number.slice(0, 6)}******${number.slice(-4)}`,
              expire,
              token,
              recurrent: true,
              verify: false,
            },
          })
        }
        case 'cards.get_verify_code':
          if (!tokens.has(body.params.token)) return fail(-31400, 'Card not found')
          if (options.noSms) return HttpResponse.json({ error: 'busy' }, { status: 503 })
          return reply({ sent: true, phone: '99890*****31', wait: 60000 })
        case 'cards.verify': {
          const card = tokens.get(body.params.token)
          if (!card) return fail(-31400, 'Card not found')
          if (body.params.code !== '666666') return fail(-31103, 'Wrong code')
          card.verified = true
          return reply({
            card: { number: '860006******6311', expire: card.expire, token: body.params.token, verify: true },
          })
        }
        case 'cards.remove':
          if (!tokens.delete(body.params.token)) return fail(-31400, 'Card not found')
          return reply({ success: true })
        case 'receipts.create': {
          // Receipt ids are Payme object ids, unique across doubles like across Payme.
          const id = randomBytes(12).toString('hex')
          receipts.set(id, { amount: body.params.amount, account: body.params.account, state: 0 })
          return reply(receiptView(id))
        }
        case 'receipts.pay': {
          const receipt = receipts.get(body.params.id)
          if (!receipt) return fail(-31602, 'Receipt not found')
          if (!tokens.get(body.params.token)?.verified) return fail(-31400, 'Card not found')
          if (options.slowPay) await delay(options.slowPay)
          if (options.payError) return fail(options.payError, 'Payment declined')
          receipt.state = 4
          receipt.token = body.params.token
          return reply(receiptView(body.params.id))
        }
        case 'receipts.cancel': {
          if ((options.cancelFailures ?? 0) > cancels++) return new HttpResponse('Bad gateway', { status: 502 })
          const receipt = receipts.get(body.params.id)
          if (!receipt) return fail(-31602, 'Receipt not found')
          receipt.state = 50
          return reply(receiptView(body.params.id))
        }
        default:
          return fail(-32601, 'Method not found')
      }
    }),
  )
  return { calls, tokens, receipts }
}
