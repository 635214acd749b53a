/**
 * The one table of the registries' server-side effects (types.ts says what each kind is): every
 * WritePipeline runs them (WritePipelineOptions.effects defaults to this table), so the API, the
 * import job, the flows recount and the worker all keep the same rules. A new effect: a file here
 * (one per registry) and its line below; its services come from EffectServices.
 */
import { appealEffects } from './appeal';
import { estimatedPointEffects } from './estimated-point';
import { problemEffects } from './problem';
import { reportEffects } from './report';
import type { RegistryEffect } from './types';

export const REGISTRY_EFFECTS: readonly RegistryEffect[] = [...appealEffects, ...reportEffects, ...problemEffects, ...estimatedPointEffects];

export type { AfterCommitHook, AfterWriteHook, ActionHook, BeforeWriteHook, EffectArgs, EffectLog, EffectMailer, EffectServices, RegistryEffect } from './types';
export { appealDates, deadlineRule } from './appeal';
export { clearEstimateOnMove } from './estimated-point';
export { addProblemEvent } from './problem';
export { REPORT_REGISTRIES, STEP_EVENTS } from './report';
export { sendReportNotices, subjectLink } from './report-notices';
export type { NoticeSubject, ReportNoticeDeps } from './report-notices';
export { canonicalJson, canonicalSha256, signedContent } from './canonical-json';
export { escapeHtml, renderTemplate } from './render-template';
