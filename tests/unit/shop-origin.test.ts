import { describe, expect, it } from 'vitest'
import { shopOrigin } from '#api/http/shop-origin.ts'

describe('shopOrigin: links that leave the shop are absolute', () => {
  it('is PUBLIC_URL without its trailing slash', () => {
    expect(shopOrigin({ PUBLIC_URL: 'https://atir.uz/', HOST: '0.0.0.0', PORT: 3000 })).toBe('https://atir.uz')
  })
  it('without PUBLIC_URL, the address the demo serves on', () => {
    expect(shopOrigin({ PUBLIC_URL: undefined, HOST: '0.0.0.0', PORT: 3000 })).toBe('http://localhost:3000')
    expect(shopOrigin({ PUBLIC_URL: undefined, HOST: '::', PORT: 8080 })).toBe('http://localhost:8080')
    expect(shopOrigin({ PUBLIC_URL: undefined, HOST: '192.168.1.20', PORT: 3000 })).toBe('http://192.168.1.20:3000')
    expect(shopOrigin({ PUBLIC_URL: undefined, HOST: '::1', PORT: 3000 })).toBe('http://[::1]:3000')
  })
})
