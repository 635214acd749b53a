/**
 * The analytics module of issue 12 §3–§5: the simulated balance (balance.routes.ts) and the
 * tariff calls (tariffs.routes.ts), the modelled forecast, balance and indicators (modelled.routes.ts). Target indicators and the two tariff registries are plain
 * registries of `resources` (the crud module serves them).
 */
import { LocalImportStore } from '@tko/import';
import { apiModule } from '../module';
import { registerBalanceRoutes } from './balance.routes';
import { registerTariffRoutes } from './tariffs.routes';
import { registerModelledRoutes } from './modelled.routes';

export const analyticsModule = apiModule('analytics', async (app, d) => {
  await registerBalanceRoutes(app, d, new LocalImportStore(d.config.importDir));
  registerTariffRoutes(app, d);
  registerModelledRoutes(app, d);
});
