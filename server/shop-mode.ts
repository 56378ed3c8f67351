import type { Config } from '#api/config.ts'
import type { Db } from '#api/db/client.ts'
import { activeDemoPromoCodes } from '#api/db/seed/promo.ts'
import { demoOwner, staffWithDemoPassword } from '#api/db/seed/staff.ts'
import { smsOutboxPath } from '#api/integrations/sms/index.ts'
import { logger } from '#api/log.ts'

/**
 * What SHOP_MODE means at start-up. Live: refuses a database that still has the
 * demo seed's promo codes active or a staff account with the demo owner's
 * password (both are public, in this repository). Demo: says loudly, on every
 * start, what is simulated, and how to sign in to the back office. The settings
 * a live shop must not run with are refused earlier, by parseConfig.
 */
export async function checkShopMode(config: Config, db: Db) {
  const demoCodes = await activeDemoPromoCodes(db)
  const demoPasswords = await staffWithDemoPassword(db)
  if (config.SHOP_MODE === 'live') {
    if (demoCodes.length) throw new Error(demoCodesRefusal(demoCodes))
    if (demoPasswords.length) throw new Error(demoOwnerRefusal(demoPasswords))
    return
  }
  logger().warn(demoModeWarning(config, demoCodes, demoPasswords))
}

function demoOwnerRefusal(phones: string[]) {
  return [
    `SHOP_MODE=live refuses to start: the staff accounts ${phones.join(', ')} still have the demo owner's password.`,
    'Give them new passwords (npm run staff -- reset-password --phone …) or disable them,',
    'or start the live shop on a new, empty database and create the owner with npm run staff -- create.',
  ].join('\n')
}

function demoCodesRefusal(codes: string[]) {
  const list = codes.map((code) => `'${code}'`).join(', ')
  return [
    `SHOP_MODE=live refuses to start: the database still has the demo seed's promo codes ${codes.join(', ')} active.`,
    `Switch them off (UPDATE promo_codes SET active = false WHERE code IN (${list});)`,
    'or start the live shop on a new, empty database.',
  ].join('\n')
}

function demoModeWarning(config: Config, demoCodes: string[], demoPasswords: string[]) {
  const simulated = [
    config.PAYMENT_PROVIDER === 'sandbox' &&
      'payments go to the sandbox page, where every customer can approve their own payment;',
    config.SMS_PROVIDER === 'log' && `SMS are not sent, only written to ${smsOutboxPath(config)};`,
    demoCodes.length > 0 && `the demo promo codes ${demoCodes.join(', ')} are active;`,
    !config.PUBLIC_URL && 'PUBLIC_URL is not set: links are built from the Host each request names;',
    !config.SESSION_SECRET && `SESSION_SECRET is not set: one was generated into ${config.dataDir};`,
    demoPasswords.includes(demoOwner.phone) &&
      `the back office (/ru/admin, /uz/admin, /sr/admin) lets anyone in as the demo owner ${demoOwner.phone}, ` +
        `password ${demoOwner.password}, without a second factor;`,
  ].filter((line): line is string => Boolean(line))
  const rule = '!'.repeat(78)
  return [
    rule,
    '!! DEMO MODE (SHOP_MODE=demo): not for real customers or real money.',
    ...simulated.map((line) => `!!   - ${line}`),
    '!! Every storefront page says so in a banner. A real shop sets SHOP_MODE=live,',
    '!! which refuses to start with any of the above (README "Demo and live mode").',
    rule,
  ].join('\n')
}
