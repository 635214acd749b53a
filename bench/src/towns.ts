/**
 * The region of the synthetic registry: 40 settlements of the Irkutsk oblast inside the
 * bbox lat 51.5–53.5, lng 102.5–105.5 around Angarsk, with a share of the sites (weight)
 * and a contract zone each. Centres are approximate (a few km): they only spread the
 * clusters realistically; the shape of each cluster comes from the real Angarsk sites.
 */
import { ANGARSK_ZONE } from '@tko/db';

/** The bbox every generated point is clamped to. */
export const REGION = { minLat: 51.5, maxLat: 53.5, minLng: 102.5, maxLng: 105.5 } as const;

/** Contract zones of the benchmark; the first is the one the Angarsk import creates. */
export const ZONES = [
  ANGARSK_ZONE,
  'Иркутская агломерация',
  'Усольская зона',
  'Черемховская зона',
  'Южно-Байкальская зона',
  'Усть-Ордынская зона',
] as const;

export interface Town {
  name: string;
  lat: number;
  lng: number;
  /** Relative number of sites. */
  weight: number;
  /** Index into ZONES. */
  zone: number;
}

const t = (name: string, lat: number, lng: number, weight: number, zone: number): Town => ({ name, lat, lng, weight, zone });

export const TOWNS: readonly Town[] = [
  t('Иркутск', 52.287, 104.281, 24, 1),
  t('Ангарск', 52.526, 103.876, 10, 0),
  t('Усолье-Сибирское', 52.752, 103.645, 5.5, 2),
  t('Шелехов', 52.21, 104.097, 4.5, 1),
  t('Черемхово', 53.15, 103.067, 3.5, 3),
  t('Свирск', 53.084, 103.335, 1.2, 3),
  t('Слюдянка', 51.657, 103.707, 1.2, 4),
  t('Маркова', 52.214, 104.21, 1.0, 1),
  t('Хомутово', 52.466, 104.397, 1.0, 1),
  t('Байкальск', 51.52, 104.148, 0.9, 4),
  t('Усть-Ордынский', 52.807, 104.762, 0.9, 5),
  t('Мегет', 52.424, 104.043, 0.8, 0),
  t('Белореченский', 52.838, 103.529, 0.6, 2),
  t('Смоленщина', 52.262, 104.121, 0.6, 1),
  t('Михайловка', 53.1, 103.2, 0.5, 3),
  t('Култук', 51.721, 103.704, 0.5, 4),
  t('Мамоны', 52.308, 104.134, 0.5, 1),
  t('Большой Луг', 52.082, 104.103, 0.4, 1),
  t('Урик', 52.462, 104.18, 0.4, 1),
  t('Молодёжный', 52.231, 104.352, 0.4, 1),
  t('Бохан', 53.153, 103.772, 0.4, 5),
  t('Листвянка', 51.853, 104.868, 0.3, 1),
  t('Одинск', 52.463, 103.69, 0.3, 0),
  t('Баклаши', 52.224, 104.057, 0.3, 1),
  t('Пивовариха', 52.275, 104.397, 0.3, 1),
  t('Оёк', 52.553, 104.472, 0.3, 5),
  t('Баяндай', 53.063, 105.45, 0.3, 5),
  t('Оса', 53.37, 103.86, 0.3, 5),
  t('Тельма', 52.697, 103.714, 0.3, 2),
  t('Мишелёвка', 52.857, 103.177, 0.3, 2),
  t('Тайтурка', 52.87, 103.447, 0.3, 2),
  t('Средний', 52.715, 103.46, 0.3, 2),
  t('Савватеевка', 52.62, 103.6, 0.2, 0),
  t('Карлук', 52.52, 104.25, 0.2, 1),
  t('Большое Голоустное', 52.03, 105.405, 0.2, 1),
  t('Голуметь', 53.0, 102.9, 0.2, 3),
  t('Алехино', 53.03, 103.25, 0.15, 3),
  t('Раздолье', 52.64, 103.79, 0.15, 2),
  t('Быстрое', 51.6, 103.4, 0.15, 4),
  t('Тальцы', 51.98, 104.65, 0.15, 1),
];

/**
 * How much denser than the real Angarsk the synthetic towns are: 100 000 sites is about five
 * times what this region really has, so they are spread over larger towns instead of
 * being packed 10× denser (densest z14 tile ≈ 4× the real densest, see README).
 */
export const DENSITY = 4;

const TOTAL_WEIGHT = TOWNS.reduce((s, t) => s + t.weight, 0);

/**
 * Cluster scale of a town relative to the real Angarsk cluster, so that its expected
 * number of sites (`total` × its share) has DENSITY × the real density (`realSites` per
 * Angarsk footprint).
 */
export function townScale(town: Town, total: number, realSites: number): number {
  return Math.max(Math.sqrt(((town.weight / TOTAL_WEIGHT) * total) / (realSites * DENSITY)), 0.15);
}
