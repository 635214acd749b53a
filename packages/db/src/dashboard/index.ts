/** The dashboard's numbers (issue 12 §2): computed from the registries, stored, read; users' widget state. */
export { refreshDashboard, readDashboard, DashboardStateStore } from './store';
export type { DashboardSnapshot } from './store';
export { computeWidgets, periodicityTable, forecastTable, totalOf } from './compute';
export type { StoredWidget, PeriodicityGroup, ForecastRow } from './compute';
