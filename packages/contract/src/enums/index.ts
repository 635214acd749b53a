/** Every enumeration of the product, with Russian labels (spec 01 §3, spec 02 §3). */
export * from './define-enum';
export * from './waste-area';
export * from './other';
export * from './facilities-dumps';
export * from './problems';
export * from './fleet-routes';
export * from './fleet';
export { RouteEventCreationMode, RouteEventStatus, RouteStopStatus } from './operations';
export * from './contracts-appeals';
export { ReportKind, ReportSetStatus, ReportProcessingType, ReportEvent } from './reports';
export * from './import-sources';
