/**
 * How long a test waits for a state another process, a job or a cache brings
 * about (`vi.waitFor`; `expect.poll` has it from vitest.config.ts): the wait
 * ends as soon as the state is there, and the cap is sized for a machine at
 * load average 20, not for a quiet one.
 */
export const untilState = { timeout: 60_000, interval: 50 }

/**
 * The same for what a cached answer must show once another process's notice
 * (or a sale's start or end) has emptied the cache: bounded well below the
 * shortest cache life (the page cache's 60 s; the API's catalogue answers
 * live 10 min), so a test that passes saw the notice, not the answer expiring.
 */
export const untilNotice = { timeout: 20_000, interval: 50 }
