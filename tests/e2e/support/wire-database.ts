import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'
import { adminQuery } from '../../support/postgres-server.ts'

export type WireDatabase = {
  host: string
  port: number
  user: string
  password: string
  database: string
  close(): Promise<void>
}

/**
 * A PostgreSQL server for a spec of its own: a fresh database on the server in
 * DATABASE_URL when set (CI has one), else an in-memory PGlite served over the
 * PostgreSQL wire protocol, so `npm test` needs no system PostgreSQL.
 */
export async function startWireDatabase(): Promise<WireDatabase> {
  const server = process.env.DATABASE_URL
  if (server) {
    const url = new URL(server)
    const name = `atir_wire_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
    await adminQuery(server, `CREATE DATABASE ${name}`)
    return {
      host: url.hostname,
      port: Number(url.port || 5432),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      database: name,
      close: () => adminQuery(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    }
  }
  const db = await PGlite.create({ extensions: { pg_trgm } })
  // One PGlite behind many connections (the server's pool): pglite-socket queues their messages.
  const socket = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 50 })
  await socket.start()
  const port = Number(socket.getServerConn().split(':').at(-1))
  return {
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password: 'postgres',
    database: 'postgres',
    close: async () => {
      await socket.stop()
      await db.close()
    },
  }
}
