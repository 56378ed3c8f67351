import { describe, expect, it } from 'vitest'
import { readTelegramArguments } from '#api/telegram/commands.ts'
import { linkCodeToken } from '#api/telegram/link.ts'

describe('a Telegram link code', () => {
  it('is a Telegram start parameter that `simulate start <code>` reads as the code, never as an option', () => {
    // One base64url token in 64 begins with "-": 4,000 draws would find it (a miss is 1 in 10^27).
    const codes = Array.from({ length: 4000 }, linkCodeToken)
    for (const code of codes) {
      expect(code).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{31}$/)
      expect(readTelegramArguments(['simulate', 'start', code])).toMatchObject({
        kind: 'run',
        positionals: ['simulate', 'start', code],
      })
    }
    expect(new Set(codes).size).toBe(codes.length)
  })
})
