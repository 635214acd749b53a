/**
 * Enumerations of waste areas (места накопления ТКО), spec 01 §3 and spec 02 §3.
 * Where the specification names a field and its default but not its values (status, type,
 * access, platform_basement, fence, section_for_kgo), the values are our decision, written
 * down in docs/DECISIONS.md.
 */
import { defineEnum } from './define-enum';

/** Status of a waste area; default ACTIVE (spec 01 §4). Values beyond ACTIVE: our decision. */
export const WasteAreaStatus = defineEnum('waste_area_status', {
  ACTIVE: 'Действующая',
  PLANNED: 'Планируемая',
  CLOSED: 'Закрыта',
});

/** Construction type of a container site; default OPENED. CLOSED = with walls and roof. */
export const ContainerSiteType = defineEnum('container_site_type', {
  OPENED: 'Открытая',
  CLOSED: 'Закрытая',
});

/** Waste area kinds (spec 01 §3 "Waste area types"). */
export const WasteAreaKind = defineEnum('waste_area_kind', {
  CONTAINER: 'Контейнерная площадка',
  SPECIALA: 'Специальная площадка для КГО',
  COLLECTION: 'Пункт сбора вторсырья',
  CHAMBER: 'Мусорокамера',
  BULK: 'Место накопления без контейнеров',
});

/** Access to the site for a collection vehicle; default FREE. */
export const AccessKind = defineEnum('access_kind', {
  FREE: 'Свободный',
  LIMITED: 'Ограниченный',
  NO_ACCESS: 'Нет подъезда',
});

/** Whether the base or the fence meets the rules (СанПиН 2.1.3684-21 п. 3); default CORRESPONDS. */
export const Compliance = defineEnum('compliance', {
  CORRESPONDS: 'Соответствует',
  NOT_CORRESPONDS: 'Не соответствует',
  ABSENT: 'Отсутствует',
});

/** A section for bulky waste (КГО) at the site; default NOT_PROVIDED. */
export const SectionForKgo = defineEnum('section_for_kgo', {
  PROVIDED: 'Предусмотрен',
  NOT_PROVIDED: 'Не предусмотрен',
});

/** Distance from the site to dwellings (spec 01 §3 "Remoteness"; СанПиН 2.1.3684-21 п. 4). */
export const Remoteness = defineEnum('remoteness', {
  NEAR: 'Менее 20 м',
  MIDDLE: 'От 20 до 100 м',
  FAR: 'Более 100 м',
  RESOLUTION: 'По решению комиссии',
  NEAR_MED_15: 'Не менее 15 м (мед. учреждения)',
  NEAR_MED_25: 'Не менее 25 м (мед. учреждения)',
  NEAR_SEP_8: 'Не менее 8 м (раздельный сбор)',
  NEAR_SEP_MED_10: 'Не менее 10 м (раздельный сбор, мед. учреждения)',
  NEAR_SEP_MED_15: 'Не менее 15 м (раздельный сбор, мед. учреждения)',
});

/** Surface of the site and of access roads (spec 01 §3 "Access road types"); default ASPHALT. */
export const CoverageType = defineEnum('coverage_type', {
  ASPHALT: 'Асфальт',
  CONCRETE: 'Бетон',
  PAVING_STONES: 'Брусчатка',
  GRAVEL: 'Гравий',
  SOIL: 'Грунт',
  WOOD: 'Дерево',
  FERRO_CONCRETE_SLAB: 'Железобетонные плиты',
  METAL: 'Металл',
  NO_COVERAGE: 'Без покрытия',
  SAND: 'Песок',
  OTHER: 'Иное',
});

/** Collection periodicity (spec 01 §3 "Periodicity"). ON_MONTHDAYS uses periodicity_on_monthdays. */
export const Periodicity = defineEnum('periodicity', {
  DAILY: 'Ежедневно',
  EVERY_OTHER_DAY: 'Через день',
  PER_THREE_DAYS: 'Раз в три дня',
  ON_WEEKDAYS: 'По дням недели',
  ON_DATES: 'По датам',
  ON_MONTHDAYS: 'По числам месяца',
});

/** Container types (spec 01 §3). */
export const ContainerType = defineEnum('container_type', {
  STANDARD: 'Стандартный',
  EURO: 'Евроконтейнер',
  BURIED: 'Заглублённый',
  SEPARATE: 'Для раздельного сбора',
  BUNKER: 'Бункер',
  DRY_REC: 'Для сухих вторичных ресурсов',
  PLASTIC: 'Для пластика',
  PAPER: 'Для бумаги',
  GLASS: 'Для стекла',
  NON_STANDARD: 'Нестандартный',
  INDIVIDUAL: 'Индивидуальный',
  FOR_KGO: 'Для КГО',
  SECTION_KGO: 'Секция КГО',
});

/** Vehicle loading types (spec 01 §3). */
export const LoadingType = defineEnum('loading_type', {
  SIDE: 'Боковая',
  REAR: 'Задняя',
  FRONT: 'Фронтальная',
  PORTAL: 'Портальная',
  CRANE: 'Кран-манипулятор',
  MULTILIFT: 'Мультилифт',
  BAGGED_MANUAL: 'Ручная (мешки)',
  KGO: 'КГО',
});

/** Fence materials (spec 01 §3). */
export const FenceMaterial = defineEnum('fence_material', {
  NO_FENCE: 'Без ограждения',
  CONCRETE: 'Бетон',
  CONCRETE_METAL: 'Бетон и металл',
  BRICK: 'Кирпич',
  BRICK_METAL: 'Кирпич и металл',
  METAL: 'Металл',
  METAL_GRID: 'Металлическая сетка',
  PROFILED_SHEETING: 'Профнастил',
  ROOFING_SLATE: 'Шифер',
  OTHER: 'Иное',
});
