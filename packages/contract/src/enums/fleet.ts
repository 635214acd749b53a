/** Enumerations of the fleet registries (spec 02 §3 "Vehicle", §9 fuels). */
import { defineEnum } from './define-enum';

/** Vehicle status (spec 02 §9: default ACTIVE). */
export const VehicleStatus = defineEnum('vehicle_status', {
  ACTIVE: 'Работает',
  REPAIR: 'В ремонте',
  INACTIVE: 'Не используется',
});

/** The navigation system a vehicle reports to (spec 02 §9: default WIALON). */
export const ExternalSystem = defineEnum('external_system', {
  WIALON: 'Wialon',
  OTHER: 'Другая',
});

/** Fuel kinds (spec 02 §9). */
export const FuelKind = defineEnum('fuel_kind', {
  DIESEL: 'Дизельное топливо',
  GASOLINE: 'Бензин',
});
