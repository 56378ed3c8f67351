import { describe, expect, it } from 'vitest'
import { mediaBase } from '../media/links.ts'
import { avatarSrc } from './avatar.ts'

const stored = 'avatars/7.AAAAAAAAAAAA.BBBBBBBBBBBB.png'

describe('avatarSrc', () => {
  it('is root-relative without PUBLIC_URL and absolute with it, like product images', () => {
    expect(avatarSrc(stored, mediaBase({ PUBLIC_URL: undefined }))).toEqual({
      small: '/api/v1/media/small/BBBBBBBBBBBB/avatars/7.AAAAAAAAAAAA.BBBBBBBBBBBB.small.png',
      original: '/api/v1/media/large/AAAAAAAAAAAA/avatars/7.AAAAAAAAAAAA.BBBBBBBBBBBB.png',
    })
    expect(avatarSrc(stored, mediaBase({ PUBLIC_URL: 'https://atir.uz/' }))?.small).toBe(
      'https://atir.uz/api/v1/media/small/BBBBBBBBBBBB/avatars/7.AAAAAAAAAAAA.BBBBBBBBBBBB.small.png',
    )
  })

  it('is null for no avatar or a value that is not an avatar file', () => {
    expect(avatarSrc(null, '')).toBeNull()
    expect(avatarSrc('../etc/passwd', '')).toBeNull()
  })
})
