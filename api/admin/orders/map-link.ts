/** The map point on Yandex Maps (REFERENCE-UZ: `pt` is longitude,latitude); null without a point. */
export const yandexMapsUrl = (latitude: number | null, longitude: number | null) =>
  latitude == null || longitude == null ? null : `https://yandex.uz/maps/?pt=${longitude},${latitude}&z=17&l=map`
