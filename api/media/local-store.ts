import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { access, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'
import { contentTypeOf, isSafeKey } from './keys.ts'
import type { MediaStore, ObjectInfo, StoredObject } from './store.ts'

/** Writes a file whole or not at all (temporary name, then rename): another process never reads half of it. */
export async function writeFileAtomically(file: string, bytes: Buffer) {
  await mkdir(dirname(file), { recursive: true })
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`
  try {
    await writeFile(temporary, bytes)
    await rename(temporary, file)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}

const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')

/** The media store in a folder (DATA_DIR by default): today's layout, so existing pictures keep working. */
export class LocalStore implements MediaStore {
  readonly name: string
  private readonly root: string

  constructor(root: string) {
    this.root = root
    this.name = root
  }

  private file(key: string) {
    if (!isSafeKey(key)) throw new Error(`not a media key: ${key}`)
    return join(this.root, key)
  }

  async put(key: string, bytes: Buffer) {
    await writeFileAtomically(this.file(key), bytes)
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.file(key)
    try {
      const [bytes, info] = await Promise.all([readFile(file), stat(file)])
      return { bytes, contentType: contentTypeOf(key), etag: etagOf(info), lastModified: info.mtime }
    } catch (error) {
      if (isMissing(error)) return null
      throw error
    }
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    try {
      const info = await stat(this.file(key))
      return info.isFile() ? { size: info.size, etag: etagOf(info), lastModified: info.mtime, meta: {} } : null
    } catch (error) {
      if (isMissing(error)) return null
      throw error
    }
  }

  async delete(keys: string[]) {
    await Promise.all(keys.map((key) => rm(this.file(key), { force: true })))
  }

  async *list(prefix: string) {
    // The folder holding the prefix; keys are then filtered by the whole prefix.
    const base = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : ''
    let entries: import('node:fs').Dirent[]
    try {
      entries = await readdir(join(this.root, base), { recursive: true, withFileTypes: true })
    } catch (error) {
      if (isMissing(error)) return
      throw error
    }
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.endsWith('.tmp')) continue
      const file = join(entry.parentPath, entry.name)
      const key = relative(this.root, file).split(sep).join('/')
      if (key.startsWith(prefix)) yield { key, size: (await stat(file)).size }
    }
  }

  async checkWritable() {
    const uploads = join(this.root, 'uploads')
    // Not there yet (a new shop): the folder it will be made in must be writable; nothing is made now.
    const existing = await nearestFolder(uploads)
    if (existing !== uploads) return access(existing, constants.W_OK | constants.X_OK)
    const key = `uploads/.probe-${process.pid}-${randomBytes(4).toString('hex')}`
    await writeFile(this.file(key), '')
    await rm(this.file(key), { force: true })
  }

  async checkReadable() {
    await access(await nearestFolder(this.root), constants.R_OK | constants.X_OK)
  }
}

/** `folder`, or its nearest ancestor that exists. */
export async function nearestFolder(folder: string): Promise<string> {
  for (let dir = folder; ; dir = dirname(dir)) {
    try {
      if ((await stat(dir)).isDirectory()) return dir
      throw Object.assign(new Error(`${dir} is not a folder`), { code: 'ENOTDIR' })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(dir) === dir) throw error
    }
  }
}

const etagOf = (info: { size: number; mtimeMs: number }) => `"${info.size.toString(36)}-${info.mtimeMs.toString(36)}"`
