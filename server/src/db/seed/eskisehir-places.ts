/**
 * Eskişehir's two central districts and their neighbourhoods with approximate centre points (a few
 * hundred metres is close enough for 'near me'). The demo seeds these; server/src/db/seed/eskisehir-mahalleler.csv
 * holds the same rows for the admin's CSV import (a test keeps the two equal).
 */
export const ESKISEHIR_PLACES: readonly (readonly [name: string, district: string, lat: number, lng: number])[] = [
  ['Akarbaşı', 'Odunpazarı', 39.7665, 30.523],
  ['Arifiye', 'Odunpazarı', 39.7735, 30.517],
  ['Büyükdere', 'Odunpazarı', 39.76, 30.506],
  ['Deliklitaş', 'Odunpazarı', 39.77, 30.532],
  ['Emek', 'Odunpazarı', 39.758, 30.53],
  ['Erenköy', 'Odunpazarı', 39.764, 30.542],
  ['Gökmeydan', 'Odunpazarı', 39.752, 30.501],
  ['Göztepe', 'Odunpazarı', 39.756, 30.515],
  ['Huzur', 'Odunpazarı', 39.748, 30.527],
  ['İstiklal', 'Odunpazarı', 39.771, 30.51],
  ['Kırmızıtoprak', 'Odunpazarı', 39.75, 30.495],
  ['Kurtuluş', 'Odunpazarı', 39.769, 30.538],
  ['Osmangazi', 'Odunpazarı', 39.745, 30.54],
  ['Paşa', 'Odunpazarı', 39.762, 30.526],
  ['Şarkiye', 'Odunpazarı', 39.774, 30.528],
  ['Vişnelik', 'Odunpazarı', 39.766, 30.55],
  ['Yenikent', 'Odunpazarı', 39.74, 30.52],
  ['Yıldıztepe', 'Odunpazarı', 39.754, 30.547],
  ['Bahçelievler', 'Tepebaşı', 39.784, 30.506],
  ['Batıkent', 'Tepebaşı', 39.795, 30.48],
  ['Çamlıca', 'Tepebaşı', 39.808, 30.518],
  ['Ertuğrulgazi', 'Tepebaşı', 39.79, 30.5],
  ['Eskibağlar', 'Tepebaşı', 39.783, 30.52],
  ['Hayriye', 'Tepebaşı', 39.78, 30.518],
  ['Hoşnudiye', 'Tepebaşı', 39.78, 30.511],
  ['Işıklar', 'Tepebaşı', 39.785, 30.492],
  ['Sazova', 'Tepebaşı', 39.775, 30.47],
  ['Şirintepe', 'Tepebaşı', 39.795, 30.53],
  ['Tunalı', 'Tepebaşı', 39.779, 30.498],
  ['Uluönder', 'Tepebaşı', 39.796, 30.508],
  ['Yenibağlar', 'Tepebaşı', 39.785, 30.53],
  ['Zincirlikuyu', 'Tepebaşı', 39.8, 30.49],
];
