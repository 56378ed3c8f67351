import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'

// The deployment files read the way Docker, Compose, Caddy and systemd read
// them — enough to check them against the project (docker itself cannot run
// on the build machine) and to start the shop with their own commands.

export type DockerStage = {
  name: string | null
  /** The FROM line's image (`node:24…@sha256:…`). */
  image: string
  /** COPY lines: `from` is the stage copied from, null for the build context. */
  copies: { from: string | null; sources: string[]; target: string }[]
  runs: string[]
  user: string | null
  entrypoint: string[] | null
  cmd: string[] | null
  env: Record<string, string>
  /** VOLUME lines' paths. */
  volumes: string[]
}

/** Dockerfile instructions (continuations joined, comments dropped), grouped by stage. */
export function readDockerfile(root: string): DockerStage[] {
  const text = readFileSync(join(root, 'Dockerfile'), 'utf8')
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
  const stages: DockerStage[] = []
  for (const line of lines) {
    const [instruction = '', ...rest] = line.split(/\s+/)
    const args = rest.join(' ')
    const stage = stages.at(-1)
    switch (instruction.toUpperCase()) {
      case 'FROM':
        stages.push({
          name: /\bAS\s+(\S+)/i.exec(args)?.[1] ?? null,
          image: rest.find((part) => !part.startsWith('--')) ?? '',
          copies: [],
          runs: [],
          user: null,
          entrypoint: null,
          cmd: null,
          env: {},
          volumes: [],
        })
        break
      case 'COPY': {
        const from = /--from=(\S+)/.exec(args)?.[1] ?? null
        const paths = rest.filter((part) => !part.startsWith('--'))
        stage?.copies.push({ from, sources: paths.slice(0, -1), target: paths.at(-1) ?? '' })
        break
      }
      case 'RUN':
        stage?.runs.push(args)
        break
      case 'USER':
        if (stage) stage.user = args
        break
      case 'CMD':
        if (stage) stage.cmd = JSON.parse(args) as string[]
        break
      case 'ENTRYPOINT':
        if (stage) stage.entrypoint = JSON.parse(args) as string[]
        break
      case 'VOLUME':
        stage?.volumes.push(...(args.startsWith('[') ? (JSON.parse(args) as string[]) : args.split(/\s+/)))
        break
      case 'ENV':
        for (const [, key, value] of args.matchAll(/(\w+)=(\S+)/g)) if (stage && key && value) stage.env[key] = value
        break
    }
  }
  return stages
}

export type ComposeService = {
  image?: string
  build?: string
  pull_policy?: string
  entrypoint?: string[]
  command?: string[] | string
  environment?: Record<string, string>
  env_file?: { path: string; required?: boolean }[]
  volumes?: string[]
  logging?: { driver: string; options?: Record<string, string> }
  healthcheck?: { disable?: boolean; test?: string[] }
  stop_grace_period?: string
  depends_on?: Record<string, { condition: string }> | string[]
}

/** compose.yaml with its anchors merged, `${VAR:?…}`/`${VAR:-default}` filled from `vars` or the default. */
export function readCompose(root: string, vars: Record<string, string>) {
  const text = readFileSync(join(root, 'compose.yaml'), 'utf8').replace(
    /\$\{(\w+)(?::[-?]([^}]*))?\}/g,
    (_, name: string, fallback: string | undefined) => vars[name] ?? fallback ?? '',
  )
  return parse(text, { merge: true }) as {
    services: Record<string, ComposeService>
    volumes?: Record<string, unknown>
  }
}

/** Caddy's `reverse_proxy` block: each directive with its arguments. */
export function readCaddyProxy(root: string): Record<string, string[]> {
  const text = readFileSync(join(root, 'deploy/Caddyfile'), 'utf8')
  const block = /reverse_proxy[^{]*\{([^}]*)\}/.exec(text)?.[1] ?? ''
  const directives: Record<string, string[]> = {}
  for (const line of block.split('\n')) {
    const [name, ...values] = line.trim().split(/\s+/)
    if (name && !name.startsWith('#')) directives[name] = values
  }
  return directives
}

/** The `upstream:port` addresses Caddy balances between. */
export function readCaddyUpstreams(root: string): string[] {
  const text = readFileSync(join(root, 'deploy/Caddyfile'), 'utf8')
  return /reverse_proxy\s+([^{\n]+)/.exec(text)?.[1]?.trim().split(/\s+/) ?? []
}

/** A systemd unit's `Key=value` lines of one section, [Service] by default (repeated keys in order). */
export function readUnit(root: string, file: string, section = 'Service'): Record<string, string[]> {
  const text = readFileSync(join(root, file), 'utf8')
  const service = text.split(new RegExp(`^\\[${section}\\]$`, 'm'))[1]?.split(/^\[/m)[0] ?? ''
  const keys: Record<string, string[]> = {}
  for (const line of service.split('\n')) {
    const match = /^(\w+)=(.*)$/.exec(line.trim())
    if (match?.[1] && match[2] !== undefined) keys[match[1]] = [...(keys[match[1]] ?? []), match[2]]
  }
  return keys
}
