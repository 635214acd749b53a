/** Citizen appeals' rules that every process runs (the overdue notices of the scheduled job). */
export { notifyOverdueAppeals } from './overdue-notices';
export type { OverdueNoticeDeps, OverdueNoticeResult } from './overdue-notices';
