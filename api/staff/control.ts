import { chmodSync, rmSync } from 'node:fs'
import { createServer, request } from 'node:http'
import { join } from 'node:path'
import { deriveKey, sameDigest, sha256 } from '../auth/crypto.ts'
import { checkSessionSecret, keepSessionSecret } from '../auth/session-secret.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { openCommandDatabase } from '../db/command.ts'
import { DataDirInUseError } from '../db/pglite-lock.ts'
import { logger } from '../log.ts'
import { runStaffCommand } from './commands.ts'

// `npm run staff` while the shop runs on the embedded database. PGlite is one
// process's database (pglite-lock.ts): a second process may not open it, so
// the command cannot work on the folder itself. Instead the running shop
// listens on a local socket in DATA_DIR (readable by its own user only) and
// runs the command for it, as the same function and audit actor (`cli`) as
// on the database directly. Each call carries a token derived from
// SESSION_SECRET, which only someone who can read DATA_DIR (or the
// shop's environment) has: exactly who could open the database anyway.

/** Where the shop listens: a Unix socket in DATA_DIR, a named pipe on Windows. */
export function staffControlPath(config: Pick<Config, 'dataDir'>): string {
  if (process.platform === 'win32') return `\\\\?\\pipe\\atir-staff-${sha256(config.dataDir).slice(0, 16)}`
  return join(config.dataDir, 'staff.sock')
}

const controlToken = (config: Pick<Config, 'sessionSecret'>) =>
  deriveKey(config.sessionSecret, 'atir/staff-control/v1').toString('hex')

/** Largest command the socket reads (a phone, a role, a name: well under a kilobyte). */
const MAX_BODY = 16 * 1024

export type StaffCommandResult = { code: number; lines: string[] }

/**
 * Starts the shop's side: `POST /staff` with `{argv}` runs `npm run staff --
 * <argv>` on the shop's own database and answers `{code, lines}`. Returns
 * the function that stops it (and removes the socket).
 */
export async function startStaffControl(io: {
  db: Db
  config: Config
  now?: () => Date
}): Promise<() => Promise<void>> {
  const path = staffControlPath(io.config)
  const token = controlToken(io.config)
  const server = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const sent = /^Bearer (\w+)$/.exec(req.headers.authorization ?? '')?.[1] ?? ''
    if (req.method !== 'POST' || req.url !== '/staff') return answer(404, { error: 'not found' })
    if (!sameDigest(sha256(sent), sha256(token))) return answer(401, { error: 'wrong token' })
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY) req.destroy()
      else chunks.push(chunk)
    })
    req.on('end', async () => {
      let argv: unknown
      try {
        argv = JSON.parse(Buffer.concat(chunks).toString('utf8')).argv
      } catch {
        argv = null
      }
      if (!Array.isArray(argv) || !argv.every((a) => typeof a === 'string'))
        return answer(400, { error: 'send {"argv": ["list"]}' })
      const lines: string[] = []
      try {
        const code = await runStaffCommand(argv, {
          db: io.db,
          config: io.config,
          now: io.now ?? (() => new Date()),
          print: (line) => lines.push(line),
        })
        answer(200, { code, lines } satisfies StaffCommandResult)
      } catch (error) {
        logger().error({ err: error }, 'staff command through the shop failed')
        answer(500, { error: (error as Error).message })
      }
    })
  })
  // A socket left by a shop that died: this process holds the database now, so it is no one's.
  if (process.platform !== 'win32') rmSync(path, { force: true })
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', (error) => {
      // The shop serves on without it; `npm run staff` then says to stop the shop.
      logger().warn(`npm run staff cannot reach this shop: ${(error as Error).message}`)
      resolve(false)
    })
    server.listen(path, () => resolve(true))
  })
  if (listening && process.platform !== 'win32') chmodSync(path, 0o600)
  return async () => {
    if (!listening) return
    await new Promise<void>((resolve) => server.close(() => resolve()))
    if (process.platform !== 'win32') rmSync(path, { force: true })
  }
}

/**
 * The command's side: runs `argv` in the shop that holds the database;
 * `null` when no shop listens (an older one, or none: the lock was another
 * process's).
 */
export function sendStaffCommand(
  config: Pick<Config, 'dataDir' | 'sessionSecret'>,
  argv: string[],
): Promise<StaffCommandResult | null> {
  const body = JSON.stringify({ argv })
  return new Promise((resolve, reject) => {
    const req = request(
      {
        socketPath: staffControlPath(config),
        path: '/staff',
        method: 'POST',
        headers: {
          Authorization: `Bearer ${controlToken(config)}`,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const answer = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}')
          if (res.statusCode === 200) resolve(answer as StaffCommandResult)
          else reject(new Error(`the shop refused the command (${res.statusCode}): ${answer.error ?? ''}`))
        })
      },
    )
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null)
      else reject(error)
    })
    req.end(body)
  })
}

/**
 * `npm run staff -- …`: on the configured database (DATABASE_URL, or the
 * PGlite folder), or, when a running shop holds that folder, through the
 * shop. Returns the exit code.
 */
export async function runStaffCli(argv: string[], io: { config: Config; print: (line: string) => void }) {
  const { config, print } = io
  let database: Awaited<ReturnType<typeof openCommandDatabase>>
  try {
    // A shop's staff: a folder without the shop's database gets no new one.
    database = await openCommandDatabase(config, { existing: true })
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error
    const answer = await sendStaffCommand(config, argv)
    if (!answer) {
      print(`${error.message} It takes no staff commands: stop it, then run this again.`)
      return 1
    }
    for (const line of answer.lines) print(line)
    return answer.code
  }
  try {
    // Second factors and recovery codes are sealed with the session secret: only with the shop's own.
    await checkSessionSecret(database, config)
    if (argv[0] === 'create') await keepSessionSecret(database, config)
    return await runStaffCommand(argv, { db: database.db, config, now: () => new Date(), print })
  } finally {
    await database.close()
  }
}
