import { createConnection, createServer, type Socket } from 'node:net'

/**
 * How the network to the target fails: `reset` as a stopped database server
 * (open connections reset, new ones refused at once); `silent` as a dropped
 * route (nothing is closed, nothing answers), so clients only get out by their
 * own timeouts.
 */
export type CutMode = 'reset' | 'silent'

export type TcpProxy = {
  port: number
  cut(mode: CutMode): void
  /** New connections reach the target again; what hung while silent stays hung. */
  restore(): void
  close(): Promise<void>
}

type Pair = { client: Socket; upstream: Socket | null }

/** A TCP proxy on 127.0.0.1 to `target` that a test can cut and restore. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: CutMode | null = null
  const pairs = new Set<Pair>()
  const server = createServer((client) => {
    const pair: Pair = { client, upstream: null }
    pairs.add(pair)
    client.on('error', () => client.destroy())
    client.on('close', () => {
      pair.upstream?.destroy()
      pairs.delete(pair)
    })
    if (mode === 'reset') return void client.resetAndDestroy()
    if (mode === 'silent') return // accepted, never answered
    const upstream = createConnection(target)
    pair.upstream = upstream
    upstream.on('error', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
    client.pipe(upstream)
    upstream.pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    port,
    cut(how) {
      mode = how
      for (const { client, upstream } of pairs) {
        if (how === 'reset') {
          client.resetAndDestroy()
          upstream?.destroy()
        } else if (upstream) {
          // Bytes stop flowing both ways; both ends stay open. Still read (and drop) what
          // comes, or a socket closed from its far end would never be noticed.
          client.unpipe(upstream)
          upstream.unpipe(client)
          client.on('data', () => {}).resume()
          upstream.on('data', () => {}).resume()
        }
      }
    },
    restore() {
      mode = null
    },
    close() {
      for (const { client, upstream } of pairs) {
        client.destroy()
        upstream?.destroy()
      }
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
