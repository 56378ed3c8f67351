import { and, eq, isNull } from 'drizzle-orm'
import { cardProviderOf } from '../cards/provider.ts'
import { invalidateCatalogue } from '../catalogue/cache.ts'
import { authSessions, cartItems, favourites, savedCards, users, verificationCodes } from '../db/schema/index.ts'
import type { ApiDeps } from '../http/context.ts'
import { logger } from '../log.ts'
import { eraseUploads } from '../media/erase.ts'
import { avatarFiles } from '../profile/avatar.ts'
import { deleteReviewsOf } from '../reviews/service.ts'
import { unlinkCustomer } from '../telegram/customer-link.ts'

/**
 * Deletes a customer's account (DELETE account/delete/). The row stays,
 * anonymised, because past orders point at it; everything personal goes:
 * names, phones, password and photo, every session, pending codes, basket,
 * favourites, saved cards, the linked Telegram and reviews (docs/decisions/005), in one
 * transaction. Once it commits, the files of the profile photo and of the
 * review photos go with every resized copy, and the card provider is asked
 * to forget the tokens.
 */
export async function deleteAccount(deps: ApiDeps, userId: number) {
  const { db } = deps.database
  const at = (deps.now ?? (() => new Date()))()
  const owner = `u:${userId}`
  const { avatar, photos, cards } = await db.transaction(async (tx) => {
    // Locked first: a photo upload running meanwhile either lands before (and is erased) or finds no account.
    const [before] = await tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)).for('update')
    await tx
      .update(users)
      .set({
        phone: null,
        fullName: '',
        extraPhone: null,
        passwordHash: null,
        avatar: null,
        deletedAt: at,
      })
      .where(eq(users.id, userId))
    await tx
      .update(authSessions)
      .set({ revokedAt: at })
      .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
    await tx.delete(verificationCodes).where(eq(verificationCodes.userId, userId))
    // The bot stops telling that Telegram account anything of this customer.
    await unlinkCustomer(tx, userId)
    await tx.delete(cartItems).where(eq(cartItems.owner, owner))
    await tx.delete(favourites).where(eq(favourites.owner, owner))
    // Orders keep their own masked snapshot of the card.
    const cards = await tx
      .delete(savedCards)
      .where(eq(savedCards.userId, userId))
      .returning({ token: savedCards.token })
    return { avatar: before?.avatar ?? null, photos: await deleteReviewsOf(tx, userId), cards }
  })
  // The deleted reviews change ratings shown in lists and product pages.
  await invalidateCatalogue(db)
  await eraseUploads(deps.config, [...avatarFiles(avatar), ...photos])
  // A failure at the provider leaves nothing usable on our side: the token is gone here.
  for (const { token } of cards)
    await cardProviderOf(deps)
      .remove(token)
      .catch((cause) => logger().warn(`account: card token not removed at the provider: ${(cause as Error).message}`))
}
