import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseConfig, settingNames } from '#api/config.ts'
import { projectRoot } from '#api/project-root.ts'
import {
  type ComposeService,
  readCaddyProxy,
  readCaddyUpstreams,
  readCompose,
  readDockerfile,
  readUnit,
} from '#tests/support/deploy-files.ts'

// Docker cannot run here: the Dockerfile, compose file, Caddyfile and systemd
// units are checked against the project instead, and
// tests/e2e/deploy-server.spec.ts starts the shop with their commands.

const scripts = (
  JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts
/** `npm start` / `npm run x` → the package script it names. */
const npmScript = (command: string[]) => {
  expect(command[0]).toBe('npm')
  return command[1] === 'start' ? 'start' : command[1] === 'run' ? command[2] : undefined
}
/** An image reference that cannot change under a deployment: `name:tag@sha256:<64 hex>`. */
const pinned = /^[\w./-]+:[\w.-]+@sha256:[0-9a-f]{64}$/

const secrets = {
  POSTGRES_PASSWORD: 'pg-secret',
  MINIO_PASSWORD: 'minio-root-secret',
  MEDIA_SECRET: 'media-secret',
  SESSION_SECRET: 's'.repeat(40),
}

describe('the Dockerfile', () => {
  const stages = readDockerfile(projectRoot)
  const runtime = stages.at(-1)

  it('builds with the dev tools in one stage and runs without them in another, both on a pinned image', () => {
    expect(stages.map((s) => s.name)).toEqual(['build', 'runtime'])
    expect(stages[0]?.runs).toEqual(expect.arrayContaining(['npm ci --no-audit --no-fund', 'npm run build']))
    expect(runtime?.runs.some((run) => run.startsWith('npm ci --omit=dev'))).toBe(true)
    expect(scripts.build).toBeDefined()
    for (const stage of stages) expect(stage.image).toMatch(pinned)
    expect(stages[0]?.image).toBe(runtime?.image)
    // The Node the project is tested on.
    expect(runtime?.image).toMatch(/^node:24\./)
  })

  it('runs node itself under tini, so docker stop reaches the server and in-flight requests finish', () => {
    expect(runtime?.runs.some((run) => /apt-get install .*\btini\b/.test(run))).toBe(true)
    expect(runtime?.entrypoint).toEqual(['/usr/bin/tini', '--'])
    // Not npm, which is PID 1's child then and would stand between the signal and the server: node
    // itself, as `npm start` runs it (the start script gives it the heap limit HEAP_MB says).
    expect(runtime?.cmd).toEqual(['node', 'scripts/start.mjs'])
    expect(scripts.start).toBe('exec node scripts/start.mjs')
  })

  it('runs as a non-root user, with the data folder its own and no anonymous volume', () => {
    expect(runtime?.user).toBe('node')
    expect(runtime?.env.DATA_DIR).toBe('/data')
    expect(runtime?.runs).toContain('mkdir -p /data /backups && chown node:node /data /backups')
    // A VOLUME line makes an anonymous volume for every container, migrate and backup included.
    expect(runtime?.volumes).toEqual([])
  })

  it('copies what exists, and everything the commands in the image need', () => {
    const fromContext = runtime?.copies.filter((c) => c.from === null).flatMap((c) => c.sources) ?? []
    for (const source of fromContext) expect(existsSync(join(projectRoot, source)), source).toBe(true)
    // npm run migrate/staff/backup and npm start's checks run api/ sources, which import contract/;
    // the server build reads locales.
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
  const { services, volumes } = readCompose(projectRoot, secrets)
  const shops = ['shop-a', 'shop-b'].map((name) => services[name])
  const named = Object.keys(volumes ?? {})

  it('runs two shops, migrations once before them, PostgreSQL, a bucket, a backup and a proxy', () => {
    expect(Object.keys(services)).toEqual(
      expect.arrayContaining(['postgres', 'minio', 'bucket', 'migrate', 'shop-a', 'shop-b', 'backup', 'caddy']),
    )
    expect(npmScript(services.migrate?.command as string[])).toBe('migrate')
    expect(scripts.migrate).toBeDefined()
    for (const shop of shops) {
      expect((shop?.depends_on as Record<string, { condition: string }> | undefined)?.migrate?.condition).toBe(
        'service_completed_successfully',
      )
      expect(shop?.environment?.MIGRATIONS).toBe('verify')
    }
  })

  it('builds one image, which migrations, the shops and the backup all run', () => {
    const running = ['migrate', 'shop-a', 'shop-b', 'backup'].map((name) => services[name])
    const built = Object.entries(services).filter(([, service]) => service.build)
    expect(built.map(([name]) => name)).toEqual(['migrate'])
    expect(services.migrate?.build).toBe('.')
    expect(services.migrate?.pull_policy).toBe('build')
    expect(new Set(running.map((service) => service?.image))).toEqual(new Set([services.migrate?.image]))
    // The others wait for migrate, so the image is there; it is never looked for in a registry.
    for (const service of running.slice(1)) {
      expect(service?.pull_policy).toBe('never')
      expect(service?.build).toBeUndefined()
    }
  })

  it('pins every image it pulls by digest', () => {
    for (const [name, service] of Object.entries(services))
      if (service.image !== services.migrate?.image) expect(service.image, name).toMatch(pinned)
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

  it("gives the shops a key allowed their bucket only, never the storage server's own", () => {
    const minio = services.minio?.environment ?? {}
    const bucket = services.bucket
    const policy = JSON.parse(readFileSync(join(projectRoot, 'deploy/minio-shop-policy.json'), 'utf8')) as {
      Statement: { Resource: string[] }[]
    }
    for (const shop of [...shops, services.backup]) {
      const environment = shop?.environment ?? {}
      expect(environment.S3_ACCESS_KEY_ID).not.toBe(minio.MINIO_ROOT_USER)
      expect(Object.values(environment).join(' ')).not.toContain(secrets.MINIO_PASSWORD)
      // Their own settings file, not the one holding every service's passwords.
      expect(shop?.env_file?.map((file) => file.path)).toEqual(['shop.env'])
      const config = parseConfig(environment)
      expect(config.media).toMatchObject({ kind: 's3', bucket: 'atir-media', accessKeyId: 'atir-shop' })
      expect(config.media.kind === 's3' && config.media.secretAccessKey).toBe(secrets.MEDIA_SECRET)
    }
    // The bucket service makes that key with the policy, which names the shops' bucket and nothing else.
    const script = ((bucket?.command ?? []) as string[]).join(' ')
    expect(script).toContain('mc admin user add store atir-shop "$$MEDIA_SECRET"')
    expect(script).toContain('mc admin policy attach store atir-media --user atir-shop')
    expect(bucket?.volumes).toContain('./deploy/minio-shop-policy.json:/policy/atir-media.json:ro')
    const resources = policy.Statement.flatMap((statement) => statement.Resource)
    expect(new Set(resources)).toEqual(new Set(['arn:aws:s3:::atir-media', 'arn:aws:s3:::atir-media/*']))
  })

  it('rotates every log and keeps state in named volumes only', () => {
    for (const [name, service] of Object.entries(services)) {
      expect(service.logging, name).toEqual({ driver: 'local', options: { 'max-size': '10m', 'max-file': '5' } })
      for (const mount of service.volumes ?? []) {
        const [source = '', , mode] = mount.split(':')
        if (source.startsWith('./')) {
          // A file of the project, read-only.
          expect(existsSync(join(projectRoot, source)), mount).toBe(true)
          expect(mode, mount).toBe('ro')
        } else expect(named, `${name}: ${mount}`).toContain(source)
      }
    }
    const dataDir = readDockerfile(projectRoot).at(-1)?.env.DATA_DIR
    for (const [name, shop] of [
      ['shop-a', services['shop-a']],
      ['shop-b', services['shop-b']],
    ] as [string, ComposeService][])
      expect(shop.volumes).toEqual([`${name}:${dataDir}`])
  })

  it("lets a shop finish its in-flight requests when stopped (10 s) before Docker's kill", () => {
    for (const shop of shops) expect(Number.parseInt(shop?.stop_grace_period ?? '10', 10)).toBeGreaterThan(10)
  })

  it('backs up while the shops run, keeping the newest, into a named volume', () => {
    const backup = services.backup
    expect(backup?.image).toBe(services.migrate?.image)
    expect(backup?.entrypoint).toEqual(['/usr/bin/tini', '-g', '--', '/bin/sh', '-c'])
    const loop = ((backup?.command ?? []) as string[]).join(' ')
    expect(loop).toMatch(/npm run backup -- --into \/backups --keep 14 /)
    expect(loop).toContain('sleep $$((24 * 3600))')
    expect(scripts.backup).toBeDefined()
    expect(backup?.volumes).toEqual(['backups:/backups'])
    // Not a server: the image's HEALTHCHECK would call it unhealthy.
    expect(backup?.healthcheck).toEqual({ disable: true })
    expect(readCompose(projectRoot, { ...secrets, BACKUP_KEEP: '30' }).services.backup?.command?.[0]).toContain(
      '--keep 30',
    )
  })

  it('refuses to start without its secrets', () => {
    const shop = readCompose(projectRoot, {}).services['shop-a']?.environment
    expect(shop?.SESSION_SECRET).toBe('set SESSION_SECRET (32+ characters) in .env')
    expect(shop?.S3_SECRET_ACCESS_KEY).toBe('set MEDIA_SECRET (8+ characters) in .env')
  })
})

describe('the proxy and the service units', () => {
  it('Caddy balances between the compose file shops on the port they listen on, retrying the other', () => {
    const { services } = readCompose(projectRoot, secrets)
    const port = readDockerfile(projectRoot).at(-1)?.env.PORT
    expect(readCaddyUpstreams(projectRoot)).toEqual(['shop-a', 'shop-b'].map((name) => `${name}:${port}`))
    expect(services['shop-a']).toBeDefined()
    const proxy = readCaddyProxy(projectRoot)
    expect(proxy.health_uri).toEqual(['/readyz'])
    // A shop that refuses the connection (restarting) is not the shopper's error: the other one answers.
    expect(proxy.lb_try_duration).toEqual(['5s'])
    expect(proxy.lb_try_interval).toEqual(['250ms'])
  })

  it('the systemd unit migrates, then starts, writing only its data folder, and stops gracefully', () => {
    const unit = readUnit(projectRoot, 'deploy/atir.service')
    expect(unit.ExecStartPre).toEqual(['/usr/bin/npm run migrate'])
    expect(unit.ExecStart).toEqual(['/usr/bin/npm start'])
    expect(unit.User).toEqual(['atir'])
    expect(unit.Environment?.[0]).toContain('DATA_DIR=/var/lib/atir')
    expect(unit.ReadWritePaths).toEqual(['/var/lib/atir'])
    // SIGTERM to npm, which passes it to the server; it has 10 s for what is in flight.
    expect(unit.KillMode).toEqual(['mixed'])
    expect(Number(unit.TimeoutStopSec?.[0])).toBeGreaterThan(10)
  })

  it('a timer backs the shop up every night with the same settings, keeping the newest', () => {
    const shop = readUnit(projectRoot, 'deploy/atir.service')
    const backup = readUnit(projectRoot, 'deploy/atir-backup.service')
    const timer = readUnit(projectRoot, 'deploy/atir-backup.timer', 'Timer')
    expect(backup.Type).toEqual(['oneshot'])
    expect(backup.ExecStart).toEqual(['/usr/bin/npm run backup -- --into /var/backups/atir --keep 14'])
    for (const key of ['User', 'WorkingDirectory', 'EnvironmentFile']) expect(backup[key], key).toEqual(shop[key])
    expect(backup.ReadWritePaths?.[0]?.split(' ')).toEqual(['/var/backups/atir', '/var/lib/atir'])
    expect(timer.OnCalendar).toEqual(['*-*-* 03:30:00'])
    expect(timer.Persistent).toEqual(['true'])
    expect(readUnit(projectRoot, 'deploy/atir-backup.timer', 'Install').WantedBy).toEqual(['timers.target'])
  })
})
