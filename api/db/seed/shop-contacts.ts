import type { Text } from './text.ts'

// The demo shop's own details, shared by the contacts setting and the page texts.
export const shop = {
  phone: '+998 71 202 47 47',
  phone2: '+998 90 932 47 47',
  email: 'info@atir.uz',
  // The block by Amir Temur square, lat-first as Yandex Maps wants it.
  latitude: 41.3115,
  longitude: 69.2797,
  address: {
    ru: 'г. Ташкент, проспект Амира Темура, 15',
    uz: 'Тошкент ш., Амир Темур шоҳ кўчаси, 15-уй',
  } satisfies Text,
  pickupName: { ru: 'Магазин Atir на Амира Темура', uz: 'Амир Темурдаги Atir дўкони' } satisfies Text,
  facebook: 'https://www.facebook.com/atir.uz',
  instagram: 'https://www.instagram.com/atir.uz',
  telegram: 'https://t.me/atir_uz',
  company: { ru: 'ООО «Atir Market»', uz: '«Atir Market» МЧЖ' } satisfies Text,
}
