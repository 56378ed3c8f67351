/** A Yandex Maps page with a pin on the point; `pt` takes the longitude first. */
export function yandexMapsLink(latitude: number, longitude: number): string {
  return `https://yandex.uz/maps/?pt=${longitude},${latitude}&z=17&l=map`
}
