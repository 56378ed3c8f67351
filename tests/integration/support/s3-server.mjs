// s3rver in a process of its own, for support/s3.ts: `node --openssl-legacy-provider s3-server.mjs <folder> <bucket>`.
// Its continuation tokens (every listing past 1,000 keys) are DES-encrypted, which Node's OpenSSL 3 keeps
// only in the legacy provider: without the flag such a listing answers 500 InternalError. Prints
// `{"port":…}` once it listens; stops when its standard input closes (the test process ended).
import S3rver from 's3rver'

const [directory, bucket] = process.argv.slice(2)
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
})
const { port } = await server.run()
process.stdout.write(`${JSON.stringify({ port })}\n`)
process.stdin.resume()
process.stdin.on('end', () => server.close().then(() => process.exit(0)))
