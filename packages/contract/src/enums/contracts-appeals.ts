/**
 * Enumerations of contracts and citizen appeals (issue 11 §3–§4, spec 03 §3 «Contract», «Appeal»).
 * The defaults the spec names (ARTICLES_OF_ASSOCIATION, CHUTE, BUNKER, QUANTITY) are values here;
 * the other values follow the typical ТКО contract (ПП РФ от 12.11.2016 № 1156, приложение
 * «Типовой договор»: способы складирования ТКО и КГО) and the commercial accounting rules
 * (ПП РФ от 03.06.2016 № 505, п. 5: расчётным путём по нормативам, по количеству и объёму
 * контейнеров, по массе). docs/DECISIONS.md «Contracts and appeals».
 */
import { defineEnum } from './define-enum';

/** State of one revision of a contract: a draft, the approved (current) one, or superseded. */
export const ContractRevisionStatus = defineEnum('contract_revision_status', {
  DRAFT: 'Черновик',
  APPROVED: 'Утверждена (текущая версия)',
  ARCHIVED: 'Прежняя редакция',
});

/** On what a party's signatory acts (spec 03 §3: default ARTICLES_OF_ASSOCIATION). */
export const BaseOfActing = defineEnum('base_of_acting', {
  ARTICLES_OF_ASSOCIATION: 'Устав',
  POWER_OF_ATTORNEY: 'Доверенность',
  REGULATION: 'Положение',
  CERTIFICATE: 'Свидетельство о регистрации (ОГРНИП)',
  PASSPORT: 'Паспорт (физическое лицо)',
});

/** How ТКО are stored (ПП РФ № 1156, типовой договор п. 8; spec default CHUTE). */
export const TkoStoringMethod = defineEnum('tko_storing_method', {
  CHUTE: 'Мусоропроводы и мусороприёмные камеры',
  CONTAINER: 'Контейнеры на контейнерных площадках',
  BUNKER: 'Бункеры на контейнерных площадках',
  BAG: 'Пакеты или другие ёмкости',
  OTHER: 'Иной способ',
});

/** How КГО (bulky waste) are stored (typical contract п. 8; spec default BUNKER). */
export const KgoStoringMethod = defineEnum('kgo_storing_method', {
  BUNKER: 'Бункеры на контейнерных площадках',
  SPECIAL_AREA: 'Специальные площадки для КГО',
  OTHER: 'Иной способ',
});

/** Commercial accounting of ТКО volume (ПП РФ № 505 п. 5; spec default QUANTITY). */
export const CommercialAccounting = defineEnum('commercial_accounting', {
  QUANTITY: 'По количеству и объёму контейнеров',
  NORMATIVE: 'Расчётным путём по нормативам накопления',
  WEIGHT: 'По массе',
});

/** Kind of waste area a contract names (spec 03 §3 «Contract waste area»). */
export const ContractWasteAreaType = defineEnum('contract_waste_area_type', {
  SPECIAL_WASTE_AREA: 'Специальная площадка',
  CONTAINER_WASTE_AREA: 'Контейнерная площадка',
  COLLECTION_WASTE_AREA: 'Пункт сбора вторсырья',
  CHAMBER_WASTE_AREA: 'Мусорокамера',
});

/** State of a citizen appeal (59-ФЗ: registered, considered, answered). */
export const AppealStatus = defineEnum('appeal_status', {
  NEW: 'Новое',
  IN_PROGRESS: 'На рассмотрении',
  ANSWERED: 'Дан ответ',
  CLOSED: 'Закрыто',
});

/** What an appeal is about. */
export const AppealCategory = defineEnum('appeal_category', {
  NOT_COLLECTED: 'Невывоз отходов',
  SITE_CONDITION: 'Состояние контейнерной площадки',
  CONTAINERS: 'Контейнеры (нехватка, повреждение)',
  SCHEDULE: 'График вывоза',
  BILLING: 'Начисления и оплата',
  CONTRACT: 'Договор',
  DUMP: 'Несанкционированная свалка',
  OTHER: 'Другое',
});
