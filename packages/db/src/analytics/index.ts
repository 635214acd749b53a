/** The modelled analytics (docs/ANALYTICS.md): forecast of generation, simulated balance, indicators, tariff. */
export { forecastGeneration, forecastSettings, growthFactors } from './forecast';
export type { Forecast, ForecastCell, ForecastSettings } from './forecast';
export { modelBalance, loadFlowWastes, flowsOfYear } from './balance-model';
export type { ModelledBalance, ModelledBalanceRow, FacilityBalance, BalanceQuantities, BalanceFlagCode, FlowWaste } from './balance-model';
export { computeIndicators } from './indicators';
export type { ComputedIndicator, IndicatorValue } from './indicators';
export { tariffInputs, ROAD_FACTOR, VEHICLE_LOAD_M3 } from './tariff-inputs';
export type { TariffInputs } from './tariff-inputs';
