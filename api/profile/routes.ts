import { z } from '@hono/zod-openapi'
import { profileUpdateSchema } from '#contract/profile.ts'
import { liveUserById, userView } from '../account/users.ts'
import { signedIn } from '../auth/middleware.ts'
import { bearer, customerRoutes, errors, jsonBody, userSchema } from '../auth/openapi.ts'
import { type ApiDeps, createRouter } from '../http/context.ts'
import { ApiError } from '../http/errors.ts'
import { requireUser } from '../http/identity.ts'
import type { Lang } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import { requiredForm, routeGroup } from '../http/openapi.ts'
import { errorSchema, jsonContent } from '../http/schemas.ts'
import { eraseUploads } from '../media/erase.ts'
import { mediaBase, saveOriginal } from '../media/links.ts'
import { mediaStoreOf } from '../media/store.ts'
import { checkImage, IMAGE_MAX_BYTES, readForm, uploadBodyLimit } from '../uploads/images.ts'
import { avatarFiles, prepareAvatar } from './avatar.ts'
import { removeAvatar, replaceAvatar, updateProfile } from './service.ts'

const errorContent = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorSchema } },
})

const customer = customerRoutes(['account'])

const updateRoute = customer.patch('/account/', {
  summary: "Change the customer's name or extra phone",
  description:
    'Send only the fields to change. `full_name` (name and surname, one text) may not be blank; an empty ' +
    '`extra_phone` clears it. Texts at most 99 characters.',
  request: jsonBody(profileUpdateSchema),
  responses: { 200: jsonContent(userSchema, 'The customer as saved'), 400: errors[400], 401: errors[401] },
})

const secured = routeGroup({ tags: ['account'], security: bearer })

const avatarRoute = secured.post('/account/avatar/', {
  summary: 'Upload a profile photo',
  description:
    `Multipart field \`avatar\`: a JPEG or PNG picture, judged by its content (not its name or declared ` +
    `type), at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB. Kept upright and without its metadata, at most ` +
    '1024 px, with a 256 px square made at once; `avatar_src` gives both. A wrong format is 400 ' +
    '(`errors` flags `avatar`), a larger file 413. The previous photo is removed.',
  request: { body: requiredForm(z.object({ avatar: z.string().openapi({ format: 'binary' }) })) },
  responses: {
    200: jsonContent(userSchema, 'The customer with the new photo'),
    400: errors[400],
    401: errors[401],
    413: errorContent('The file is larger than the limit'),
  },
})

const avatarDeleteRoute = customer.delete('/account/avatar/', {
  summary: 'Remove the profile photo',
  responses: { 200: jsonContent(userSchema, 'The customer without a photo'), 401: errors[401] },
})

/** The profile's own endpoints beside api/account: name and extra phone, the photo. */
export function profileRoutes({ database: { db }, config }: ApiDeps) {
  const media = mediaBase(config)
  const store = mediaStoreOf(config)
  // A photo is personal data: its resized copies go with it.
  const erase = (paths: string[]) => eraseUploads(config, paths)

  async function signedInUser(id: number, lang: Lang) {
    const row = await liveUserById(db, id)
    if (!row) throw new ApiError(401, message(lang, 'token_invalid'))
    return row
  }

  const router = createRouter()

  // Multipart: parsed and checked here rather than by the OpenAPI validator, which knows no files.
  router.openAPIRegistry.registerPath(avatarRoute)
  router.post('/account/avatar/', signedIn, uploadBodyLimit('avatar'), async (c) => {
    const lang = c.get('lang')
    const current = requireUser(c)
    const form = await readForm(c)
    const image = await checkImage(form.avatar, lang, 'avatar')
    const user = await signedInUser(current.id, lang)
    const avatar = await prepareAvatar(current.id, image)
    // The same picture again: its files are already there.
    if (user.avatar === avatar.path) return c.json(userView(user, media), 200)
    const written: string[] = []
    try {
      for (const file of avatar.files) {
        written.push(file.path)
        await saveOriginal(store, file.path, file.bytes)
      }
      const replaced = await replaceAvatar(db, current.id, avatar.path)
      if (!replaced) throw new ApiError(401, message(lang, 'token_invalid'))
      const { row, previous } = replaced
      if (previous && previous !== avatar.path) await erase(avatarFiles(previous))
      return c.json(userView(row, media), 200)
    } catch (error) {
      // Nothing half-saved: the new files go, the row keeps the previous photo.
      await erase(written)
      throw error
    }
  })

  return router
    .openapi(updateRoute, async (c) => {
      const lang = c.get('lang')
      const current = requireUser(c)
      const body = c.req.valid('json')
      const user = await signedInUser(current.id, lang)
      const changes = {
        ...(body.full_name !== undefined && { fullName: body.full_name }),
        ...(body.extra_phone !== undefined && { extraPhone: body.extra_phone }),
      }
      if (!Object.keys(changes).length) return c.json(userView(user, media), 200)
      const row = await updateProfile(db, current.id, changes)
      return c.json(userView(row, media), 200)
    })
    .openapi(avatarDeleteRoute, async (c) => {
      const lang = c.get('lang')
      const current = requireUser(c)
      const user = await signedInUser(current.id, lang)
      if (!user.avatar) return c.json(userView(user, media), 200)
      const row = await removeAvatar(db, current.id)
      await erase(avatarFiles(user.avatar))
      return c.json(userView(row, media), 200)
    })
}
