/**
 * @tko/contract: the one description of the product's API, shared by the server and the web
 * client (docs/ARCHITECTURE.md). Importing it makes zod answer in Russian.
 */
import { configureRussianMessages } from './common/messages';

configureRussianMessages();

export * from './common/messages';
export * from './common/errors';
export * from './common/geo';
export * from './common/pagination';
export * from './common/fields';
export * from './common/dates';
export * from './common/numbers';
export * from './common/ids';
export * from './common/attachments';
export * from './common/filters';
export * from './common/route';
export * from './common/resource';
export * from './common/actions';
export * from './common/row-scope';
export * from './validation/index';
export * from './enums/index';
export * from './resources/index';
export * from './routes/auth';
export * from './routes/map';
export * from './routes/fkko';
export * from './routes/waste-dumps';
export * from './validation/fkko-code';
export * from './routes/operators';
export * from './routes/waste-areas';
export * from './routes/waste-sources';
export * from './routes/notifications';
export * from './routes/import';
export * from './routes/address';
export * from './routes/transaction';
export * from './routes/logs';
export * from './routes/jobs';
export * from './routes/meta';
export * from './routes/health';
export * from './routes/attachments';
export * from './routes/system-settings';
export * from './routes/users';
export * from './routes/roles';
export * from './routes/permissions';
export * from './routes/password';
export * from './routes/map-layers';
export * from './routes/basemap';
export * from './routes/region';
export * from './routes/analytics';
export * from './routes/modelled';
export * from './routes/dashboard';
export * from './routes/problems';
export * from './routes/operations';
export * from './routes/trip';
export * from './routes/navctl';
export * from './routes/schedule-routes';
export * from './routes/schedule-sites-bulk';
export * from './routes/plan-fact';
export * from './routes/fleet';
export * from './routes/contracts-appeals';
export * from './report-forms/index';
export * from './routes/reports';
export * from './jobs/index';
export * from './jobs/definitions';
export * from './ws/index';
export * from './roles/seeded-roles';
export * from './appeals/appeal-terms';
