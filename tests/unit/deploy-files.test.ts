import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseConfig, settingNames } from '#api/config.ts'
import { projectRoot } from '#api/project-root.ts'
import { readCaddyUpstreams, readCompose, readDockerfile, readUnit } from '#tests/support/deploy-files.ts'

// Docker cannot run here: the Dockerfile, compose file, Caddyfile and systemd
// unit are checked against the project instead, and
// tests/e2e/deploy-server.spec.ts starts the shop with their commands.

const scripts = (
  JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts
/** `npm start` / `npm run x` → the package script it names. */
const npmScript = (command: string[]) => {
  expect(command[0]).toBe('npm')
  return command[1] === 'start' ? 'start' : command[1] === 'run' ? command[2] : undefined
}

const secrets = { POSTGRES_PASSWORD: 'pg-secret', MINIO_PASSWORD: 'minio-secret', SESSION_SECRET: 's'.repeat(40) }

describe('the Dockerfile', () => {
  const stages = readDockerfile(projectRoot)
  const runtime = stages.at(-1)

  it('builds with the dev tools in one stage and runs without them in another', () => {
    expect(stages.map((s) => s.name)).toEqual(['build', 'runtime'])
    expect(stages[0]?.runs).toEqual(expect.arrayContaining(['npm ci --no-audit --no-fund', 'npm run build']))
    expect(runtime?.runs.some((run) => run.startsWith('npm ci --omit=dev'))).toBe(true)
    expect(scripts.build).toBeDefined()
  })

  it('runs as a non-root user, npm start, with the data in a volume', () => {
    expect(runtime?.user).toBe('node')
    expect(runtime?.cmd).toEqual(['npm', 'start'])
    expect(runtime?.env.DATA_DIR).toBe('/data')
  })

  it('copies what exists, and everything the commands in the image need', () => {
    const fromContext = runtime?.copies.filter((c) => c.from === null).flatMap((c) => c.sources) ?? []
    for (const source of fromContext) expect(existsSync(join(projectRoot, source)), source).toBe(true)
    // npm run migrate/staff/backup run api/ sources, which import contract/; the server build reads locales.
    for (const needed of ['package.json', 'package-lock.json', 'api', 'contract', 'locales', 'scripts/start.mjs'])
      expect(fromContext).toContain(needed)
    expect(runtime?.copies.find((c) => c.from === 'build')?.sources).toEqual(['/app/build'])
  })

  it('leaves local state out of the build context', () => {
    const ignored = readFileSync(join(projectRoot, '.dockerignore'), 'utf8').split('\n')
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', 'data', 'backups', '.git']))
  })
})

describe('compose.yaml', () => {
  const { services } = readCompose(projectRoot, secrets)
  const shops = ['shop-a', 'shop-b'].map((name) => services[name])

  it('runs two shops, migrations once before them, PostgreSQL, a bucket and a proxy', () => {
    expect(Object.keys(services)).toEqual(
      expect.arrayContaining(['postgres', 'minio', 'bucket', 'migrate', 'shop-a', 'shop-b', 'caddy']),
    )
    expect(npmScript(services.migrate?.command as string[])).toBe('migrate')
    expect(scripts.migrate).toBeDefined()
    for (const shop of shops) {
      expect(shop?.build).toBe('.')
      expect(shop?.depends_on?.migrate?.condition).toBe('service_completed_successfully')
      expect(shop?.environment?.MIGRATIONS).toBe('verify')
    }
  })

  it('gives the shops only settings the shop knows, which its configuration accepts', () => {
    for (const shop of shops) {
      const environment = shop?.environment ?? {}
      for (const name of Object.keys(environment)) expect(settingNames, name).toContain(name)
      const config = parseConfig(environment)
      expect(config.DATABASE_URL).toBe('postgres://atir:pg-secret@postgres:5432/atir')
      expect(config.sessionSecret).toBe(secrets.SESSION_SECRET)
    }
  })

  it('refuses to start without its secrets', () => {
    expect(readCompose(projectRoot, {}).services['shop-a']?.environment?.SESSION_SECRET).toBe(
      'set SESSION_SECRET (32+ characters) in .env',
    )
  })
})

describe('the proxy and the service unit', () => {
  it('Caddy balances between the compose file shops on the port they listen on', () => {
    const { services } = readCompose(projectRoot, secrets)
    const port = readDockerfile(projectRoot).at(-1)?.env.PORT
    expect(readCaddyUpstreams(projectRoot)).toEqual(['shop-a', 'shop-b'].map((name) => `${name}:${port}`))
    expect(services['shop-a']).toBeDefined()
    expect(readFileSync(join(projectRoot, 'deploy/Caddyfile'), 'utf8')).toContain('health_uri /readyz')
  })

  it('the systemd unit migrates, then starts, writing only its data folder', () => {
    const unit = readUnit(projectRoot, 'deploy/atir.service')
    expect(unit.ExecStartPre).toEqual(['/usr/bin/npm run migrate'])
    expect(unit.ExecStart).toEqual(['/usr/bin/npm start'])
    expect(unit.User).toEqual(['atir'])
    expect(unit.Environment?.[0]).toContain('DATA_DIR=/var/lib/atir')
    expect(unit.ReadWritePaths).toEqual(['/var/lib/atir'])
  })
})
