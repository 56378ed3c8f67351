/** 64 KiB: what a request's body stream hands over at a time here. */
export const UPLOAD_CHUNK = 64 * 1024

/**
 * A multipart body with one file field far larger than any upload (`total`
 * bytes), made only as it is read and sent without a length, as a chunked
 * upload comes: `taken` says how much of it the server read and whether it
 * cancelled the rest.
 */
export function endlessUpload(field: string, total = 40 * 1024 * 1024) {
  const taken = { bytes: 0, cancelled: false }
  const head = new TextEncoder().encode(
    `--cut\r\nContent-Disposition: form-data; name="${field}"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  )
  let sent = false
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (taken.bytes >= total) return controller.close()
      const chunk = sent ? new Uint8Array(UPLOAD_CHUNK) : head
      sent = true
      taken.bytes += chunk.byteLength
      controller.enqueue(chunk)
    },
    cancel() {
      taken.cancelled = true
    },
  })
  const init = {
    method: 'POST',
    body,
    duplex: 'half',
    headers: { 'Content-Type': 'multipart/form-data; boundary=cut', 'Transfer-Encoding': 'chunked' },
  } as RequestInit
  return { init, taken }
}
