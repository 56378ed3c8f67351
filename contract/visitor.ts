// Long enough to be unguessable, short enough to index; what the storefront generates.
const fingerprintPattern = /^[A-Za-z0-9_-]{16,64}$/

/** A visitor id (the anonymous basket's owner) in the format the storefront generates. */
export function isFingerprint(value: string) {
  return fingerprintPattern.test(value)
}
