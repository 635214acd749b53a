/** The modelled analytics (docs/ANALYTICS.md): forecast of generation, simulated balance, indicators, tariff. */
export { forecastGeneration, forecastSettings, growthFactors } from './forecast';
export type { Forecast, ForecastCell, ForecastSettings } from './forecast';
export { modelBalance } from './balance-model';
export type { ModelledBalance, ModelledBalanceRow, FacilityBalance, BalanceQuantities, BalanceFlagCode } from './balance-model';
export { computeIndicators } from './indicators';
export type { ComputedIndicator, IndicatorValue } from './indicators';
