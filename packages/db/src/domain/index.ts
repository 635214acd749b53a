/** The domain runtime every process builds once (create-domain.ts; docs/ARCHITECTURE.md «Domain runtime»). */
export { createDomain, systemClock } from './create-domain';
export type { Clock, Domain, DomainConfig, DomainDeps } from './create-domain';
export { Registries } from './registries';
export type { RegistryEntry } from './registries';
export { loadWriterUser, systemWriter, writerFor, writerName, writerNameSql } from './writer';
export type { WriterUser } from './writer';
export { LocalFileStore } from './file-store';
export type { FileStore, StoredFileMeta } from './file-store';
export { JobClient, JobPayloadError, jobData, requireJobSpec } from './jobs';
export type { EnqueueOptions, JobPayloadIssue, JobQueue } from './jobs';
