// Timing helpers for scripts/bench.mjs.
import autocannon from 'autocannon'

export function percentile(sorted, p) {
  if (!sorted.length) return Number.NaN
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index]
}

/**
 * Server render time: one request at a time (nothing else competing), timed
 * from sending to the last byte of the streamed document.
 */
export async function renderTimes(url, { count, headers }) {
  const times = []
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    const response = await fetch(url, { headers })
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`${url} answered ${response.status}`)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { median: percentile(times, 50), p95: percentile(times, 95), count }
}

/** Requests per second the one server process sustains with `connections` clients. */
export function throughput(url, { connections, seconds, headers }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, headers }, (error, result) => {
      if (error) return reject(error)
      resolve({
        rps: result.requests.average,
        total: result.requests.total,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
      })
    })
  })
}

/**
 * `amount` requests from `connections` clients, walking `paths` in turn (each
 * request takes the next path, so the mix is the list's).
 */
export function mixedLoad(base, paths, { amount, connections, headers }) {
  let next = 0
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections,
        amount,
        headers,
        requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
      },
      (error, result) => {
        if (error) return reject(error)
        resolve({
          requests: result.requests.total,
          rps: result.requests.average,
          seconds: result.duration,
          errors: result.errors + result.timeouts + result.non2xx,
        })
      },
    )
  })
}
