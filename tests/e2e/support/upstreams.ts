import { createServer as createHttpServer } from 'node:http'
import { createServer, type Socket } from 'node:net'

// Stand-ins for the shop's external services, on 127.0.0.1 ports of a spec's own.

/** Accepts connections and never answers a byte: a provider that hangs. */
export async function startHungServer() {
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => {})
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as { port: number }).port,
    close() {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/**
 * Eskiz's API as far as the shop uses it (auth/login, message/sms/send),
 * keeping the texts sent; with `hang` set it accepts requests and never answers.
 */
export async function startEskizStandIn() {
  const state = { hang: false, sent: [] as Array<{ to: string; text: string }> }
  const server = createHttpServer(async (request, response) => {
    let body = ''
    for await (const chunk of request) body += chunk
    if (state.hang) return // the connection stays open, unanswered
    response.setHeader('Content-Type', 'application/json')
    if (request.url?.endsWith('/auth/login'))
      return void response.end(JSON.stringify({ message: 'token_generated', data: { token: 'stand-in-token' } }))
    if (request.url?.endsWith('/message/sms/send')) {
      const message = JSON.parse(body) as { mobile_phone: string; message: string }
      state.sent.push({ to: `+${message.mobile_phone}`, text: message.message })
      return void response.end(JSON.stringify({ id: String(state.sent.length), status: 'waiting' }))
    }
    response.statusCode = 404
    response.end('{}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return Object.assign(state, {
    baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}/api/`,
    /** The code in the newest SMS to `phone`. */
    codeOf: (phone: string) => state.sent.findLast((m) => m.to === phone)?.text.match(/\b\d{6}\b/)?.[0] ?? null,
    close() {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  })
}
