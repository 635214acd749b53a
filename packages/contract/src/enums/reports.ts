/**
 * Enumerations of regulatory reports (spec 03 §3 "Reports and report sets", §7 Reports, issue 13).
 */
import { defineEnum } from './define-enum';

/** Report kinds and review states: ReportType and ReportStatus of ./other.ts (spec 01 §3 filter values). */
export { ReportType as ReportKind, ReportStatus } from './other';

/** Report set states (sets are submitted and signed as a whole, issue 13 §3). */
export const ReportSetStatus = defineEnum('report_set_status', {
  DRAFT: 'Черновик',
  SUBMITTED_FOR_REVIEW: 'Отправлен на проверку',
  SIGNED: 'Подписан',
});

/** How a user's reports are processed (app_user.user_report_processing_type). */
export const ReportProcessingType = defineEnum('user_report_processing_type', {
  MANUAL: 'Ручная обработка',
  AUTOMATIC: 'Автоматическая обработка',
});

/** Events a notification template answers: each workflow step of a report or a set. */
export const ReportEvent = defineEnum('report_event', {
  CREATED: 'Отчёт создан',
  SUBMITTED: 'Отчёт отправлен на проверку',
  ACCEPTED: 'Отчёт принят на проверку',
  RETURNED: 'Отчёт возвращён на доработку',
  APPROVED: 'Отчёт одобрен',
  REJECTED: 'Отчёт отклонён',
  SIGNED: 'Отчёт подписан',
  COMMENTED: 'Оставлен комментарий к полю',
  SET_SUBMITTED: 'Набор отчётов отправлен на проверку',
  SET_SIGNED: 'Набор отчётов подписан',
});
