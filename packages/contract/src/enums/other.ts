/**
 * The other enumerations of spec 01 §3 (requests, routes, facilities, sources, problems,
 * dispatcher, reports). Their registries arrive in later issues; the values and labels live
 * here so every part of the product shares them.
 */
import { defineEnum } from './define-enum';

export const RouteRequestStatus = defineEnum('route_request_status', {
  NEW: 'Новая',
  APPOINTED: 'Назначена',
  NOT_APPOINTED: 'Не назначена',
  COMPLETED: 'Выполнена',
});

export const RequestInitiator = defineEnum('request_initiator', {
  CUSTOMER: 'Потребитель',
  DISPATCHER: 'Диспетчер',
  AUTOMATICALLY: 'Автоматически',
  CONTRACT: 'По договору',
});

export const RouteStopType = defineEnum('route_stop_type', {
  GARAGE: 'Гараж',
  WASTE_AREA: 'Место накопления',
  LUNCH_BREAK: 'Обеденный перерыв',
  WASTE_MANAGEMENT_FACILITY: 'Объект обращения с отходами',
});

export const FacilityPurpose = defineEnum('facility_purpose', {
  PROCESSING: 'Обработка',
  NEUTRALIZATION: 'Обезвреживание',
  UTILIZATION: 'Утилизация',
  STORING: 'Хранение',
  DISPOSING: 'Захоронение',
});

export const FacilityStatus = defineEnum('facility_status', {
  ACTIVE: 'Действующий',
  PLANNED: 'Планируемый',
  PLANNED_RECONSTRUCTION: 'Планируется реконструкция',
  PLANNED_DECOMMISSION: 'Планируется вывод из эксплуатации',
  INACTIVE: 'Недействующий',
});

export const EngineeringSupport = defineEnum('engineering_support', {
  WATER_SUPPLY: 'Водоснабжение',
  SEWERAGE: 'Водоотведение',
  GAS_SUPPLY: 'Газоснабжение',
  ELECTRICITY_SUPPLY: 'Электроснабжение',
  HEAT_SUPPLY: 'Теплоснабжение',
});

export const MonitoringType = defineEnum('monitoring_type', {
  GROUNDWATER: 'Подземные воды',
  WATER: 'Поверхностные воды',
  AIR: 'Атмосферный воздух',
  SOIL: 'Почва',
  GREEN: 'Растительность',
  COMPLEX: 'Комплексный',
});

export const ProtectionType = defineEnum('protection_type', {
  GROUND: 'Грунтовый экран',
  FERROCONCRETE: 'Железобетонное основание',
  ASPHALTCONCRETE: 'Асфальтобетонное основание',
  FILM: 'Плёночный экран',
  NATURAL: 'Естественный противофильтрационный слой',
  BONING: 'Обвалование',
  WALL: 'Ограждающая стена',
  DRAINAGE_DIRTY_WATER: 'Отвод загрязнённых стоков',
  COLLECT_AND_CLEAN_DIRTY_WATER: 'Сбор и очистка загрязнённых стоков',
  COLLECT_AND_CLEAN_FILTRATE: 'Сбор и очистка фильтрата',
  COLLECT_BIOGAS: 'Сбор биогаза',
  DUST_PROTECTION: 'Пылезащита',
  OTHER: 'Иное',
});

export const WasteSourceCategory = defineEnum('waste_source_category', {
  MULTI_APARTMENT: 'Многоквартирный дом',
  HOUSE: 'Индивидуальный жилой дом',
  ENTERPRISE: 'Предприятие',
  ADMINISTRATIVE: 'Административное здание',
  OTHER: 'Иное',
});

export const DispatcherEventType = defineEnum('dispatcher_event_type', {
  ANOTHER: 'Другое',
  CHOOSE_ROUTE: 'Выбор маршрута',
  EDIT_MSIN: 'Изменение места накопления',
  EDIT_ROUTE: 'Изменение маршрута',
  SEND_GEODATA: 'Передача геоданных',
  SEND_PHOTO: 'Передача фото',
  SEND_PROBLEM: 'Сообщение о проблеме',
});

export const EventSource = defineEnum('event_source', {
  MOBILE: 'Мобильное приложение',
  FRONTEND: 'Веб-интерфейс',
  AUTO: 'Автоматически',
  MANUAL: 'Вручную',
});

export const EventPriority = defineEnum('event_priority', {
  LOW_PRIORITY: 'Низкий',
  NORMAL_PRIORITY: 'Обычный',
  HIGH_PRIORITY: 'Высокий',
});

export const EventStatus = defineEnum('event_status', {
  ACTIVE: 'Активно',
  INACTIVE: 'Неактивно',
  COMPLETED: 'Завершено',
  HAS_PROBLEMS: 'Есть проблемы',
});

export const LastOnline = defineEnum('last_online', {
  NO_DATA: 'Нет данных',
  RECENTLY: 'Недавно',
  HOUR: 'В течение часа',
  FEW_HOUR: 'Несколько часов назад',
  DAY: 'В течение суток',
  FAR_AGO: 'Давно',
});

export const ReportType = defineEnum('report_type', {
  WASTE_SOURCES: 'Источники образования отходов',
  CONTAINER_WASTE_AREA: 'Контейнерные площадки',
  WASTE_MANAGEMENT_FACILITY: 'Объекты обращения с отходами',
  BALANCE: 'Баланс',
});

export const ReportStatus = defineEnum('report_status', {
  DRAFT: 'Черновик',
  SUBMITTED_FOR_REVIEW: 'Отправлен на проверку',
  ACCEPTED_FOR_REVIEW: 'Принят на проверку',
  BEING_FINALIZED: 'На доработке',
  APPROVED: 'Утверждён',
  REJECTED: 'Отклонён',
  SIGNED: 'Подписан',
});
