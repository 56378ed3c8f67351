import { data } from 'react-router'
import { type ProfileActionData, toastMessage } from '#app/utils/forms.server.ts'
import { FORM_OVERHEAD_BYTES, IMAGE_MAX_BYTES } from '#contract/upload-limits.ts'

/**
 * The submitted form of a page with a file input, or `null` when the body is
 * larger than a picture may be (by its Content-Length, before reading it).
 * The API checks the file itself again, by content.
 */
export async function readUploadForm(request: Request): Promise<FormData | null> {
  const length = Number(request.headers.get('content-length') ?? 0)
  if (length > IMAGE_MAX_BYTES + FORM_OVERHEAD_BYTES) {
    await request.body?.cancel().catch(() => undefined)
    return null
  }
  return request.formData()
}

/** The answer to a form too large to read: the values cannot be kept, the message says why. */
export function uploadTooLarge(t: (key: 'toast.file_too_large', vars: { max: number }) => string) {
  const body: ProfileActionData = {
    toast: toastMessage('error', t('toast.file_too_large', { max: IMAGE_MAX_BYTES / 1024 / 1024 })),
  }
  return data(body, { status: 413 })
}
