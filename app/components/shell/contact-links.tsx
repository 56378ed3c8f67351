import { useTranslation } from 'react-i18next'
import type { Contacts } from '#api/types.ts'
import { Icon } from '../icon.tsx'

export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`
/** Yandex Maps takes the point as longitude,latitude in `pt`. */
/** The contacts the header and footer show (the shell leaves out the pickup points). */
export type ShopContacts = Omit<Contacts, 'pickup_points'>

export const mapHref = (c: Pick<Contacts, 'latitude' | 'longitude'>) =>
  `https://yandex.uz/maps/?pt=${c.longitude},${c.latitude}&z=17&l=map`

export function PhoneLinks({ contacts }: { contacts: ShopContacts }) {
  return (
    <>
      {[contacts.phone, contacts.phone2].filter(Boolean).map((phone) => (
        <a key={phone} href={telHref(phone)} className="contact-link">
          <Icon name="phone" />
          {phone}
        </a>
      ))}
    </>
  )
}

export function AddressLink({ contacts }: { contacts: ShopContacts }) {
  return (
    <a href={mapHref(contacts)} className="contact-link" target="_blank" rel="noopener noreferrer">
      <Icon name="pin" />
      {contacts.address}
    </a>
  )
}

export function SocialLinks({ contacts }: { contacts: ShopContacts }) {
  const { t } = useTranslation()
  const networks = [
    ['facebook', contacts.facebook],
    ['instagram', contacts.instagram],
    ['telegram', contacts.telegram],
  ] as const
  return (
    <ul className="social-links">
      {networks
        .filter(([, href]) => href)
        .map(([name, href]) => (
          <li key={name}>
            <a href={href} target="_blank" rel="noopener noreferrer" aria-label={t(`shell.social.${name}`)}>
              <Icon name={name} />
            </a>
          </li>
        ))}
    </ul>
  )
}
