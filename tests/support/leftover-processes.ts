// Nothing a test run starts may outlive it: a shop server or CLI left behind
// holds a port, a data folder and CPU on the machine the next run shares. The
// runners' teardowns (tests/setup/no-leftover-processes.ts for vitest,
// tests/e2e/support/no-leftover-processes.ts for Playwright) fail the run when
// one remains, and end it.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'

export type RunProcess = { pid: number; ppid: number; command: string }

const mark = 'ATIR_TEST_RUN'

/**
 * Marks the processes of this run: every process started from here on
 * inherits the mark in its environment, so one that outlived its parent (and
 * was handed to init) is still known as this run's. A run's workers load the
 * config again and keep the mark they inherited.
 */
export function markTestRun() {
  process.env[mark] ||= `${process.pid}-${Date.now()}`
}

type Entry = RunProcess & { zombie: boolean; marked: boolean }

/** Every process of the machine; where /proc is there (Linux) with whether it carries this run's mark. */
function processTable(): Entry[] {
  const run = process.env[mark]
  if (!existsSync('/proc/self/stat')) {
    // Elsewhere `ps` shows the tree but not the environment: only descendants are found.
    return execFileSync('ps', ['-A', '-o', 'pid=,ppid=,stat=,command='], { encoding: 'utf8' })
      .split('\n')
      .flatMap((line) => {
        const [, pid, ppid, stat, command] = /^\s*(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line) ?? []
        if (!pid || !ppid || !stat || command === undefined) return []
        return [{ pid: Number(pid), ppid: Number(ppid), command, zombie: stat.startsWith('Z'), marked: false }]
      })
  }
  const needle = Buffer.from(`\0${mark}=${run}\0`)
  const entries: Entry[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      // `pid (name) state ppid …`: the name may hold spaces and parentheses.
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const command = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ').trim()
      const environment = Buffer.concat([Buffer.from('\0'), readFileSync(`/proc/${name}/environ`)])
      entries.push({
        pid: Number(name),
        ppid: Number(ppid),
        command,
        zombie: state === 'Z',
        marked: Boolean(run) && environment.includes(needle),
      })
    } catch {
      // Ended while we looked, or not ours to read.
    }
  }
  return entries
}

/**
 * The processes of this run still running, but for this one and what `own`
 * accepts (the runner's own workers): those under this process, and those
 * anywhere carrying this run's mark.
 */
export function leftoverProcesses(own: (entry: RunProcess) => boolean = () => false): RunProcess[] {
  const table = processTable()
  const children = new Map<number, Entry[]>()
  for (const entry of table) children.set(entry.ppid, [...(children.get(entry.ppid) ?? []), entry])
  const found = new Map<number, Entry>()
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      if (found.has(child.pid)) continue
      found.set(child.pid, child)
      visit(child.pid)
    }
  }
  visit(process.pid)
  for (const entry of table) if (entry.marked) found.set(entry.pid, entry)
  const ancestors = new Set<number>()
  const byPid = new Map(table.map((entry) => [entry.pid, entry]))
  for (let pid = process.pid; pid > 1 && !ancestors.has(pid); pid = byPid.get(pid)?.ppid ?? 1) ancestors.add(pid)
  return [...found.values()]
    .filter((entry) => !entry.zombie && !ancestors.has(entry.pid) && !own(entry))
    .map(({ pid, ppid, command }) => ({ pid, ppid, command }))
}

/**
 * Waits (up to `graceMs`) for the run's processes to end, as one just told to
 * stop needs a moment; then kills those still there and throws, naming them.
 */
export async function endOfRunCheck(runner: string, own?: (entry: RunProcess) => boolean, graceMs = 30_000) {
  const until = Date.now() + graceMs
  let left = leftoverProcesses(own)
  while (left.length > 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 200))
    left = leftoverProcesses(own)
  }
  if (left.length === 0) return
  for (const { pid } of left) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // Ended meanwhile.
    }
  }
  throw new Error(
    `${runner}: ${left.length} process(es) started by the tests were still running at the end (now killed); a test must stop what it starts:\n${left
      .map(({ pid, command }) => `  ${pid} ${command.slice(0, 300)}`)
      .join('\n')}`,
  )
}
