import type { ApiDeps } from '../http/context.ts'
import type { CardProvider } from '../integrations/payments/card-provider.ts'
import { createCardProvider } from '../integrations/payments/create-card-provider.ts'
import { countedSms, createSmsProvider } from '../integrations/sms/index.ts'

const built = new WeakMap<ApiDeps, CardProvider>()

/**
 * The card provider of one API instance (saved cards, charges, refunds),
 * shared by every module built from the same `deps`. Built on first use, so
 * a misconfigured provider fails the card calls, not the whole API.
 */
export function cardProviderOf(deps: ApiDeps): CardProvider {
  let provider = built.get(deps)
  if (!provider) {
    const now = deps.now ?? (() => new Date())
    provider = createCardProvider({
      db: deps.database.db,
      config: deps.config,
      sms: countedSms(deps.sms ?? createSmsProvider(deps.config, now)),
      now,
    })
    built.set(deps, provider)
  }
  return provider
}
