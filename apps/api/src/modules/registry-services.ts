/**
 * Registers the services shared by every registry card (issue 3 §5–§8) in one call from
 * buildApp: attachments (upload, download) on the domain's FileStore, address suggestions and
 * cleaning (DaData-compatible service or the offline registry provider), the batch
 * transaction and the change history (system log, per-object history).
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import type { Domain } from '@tko/db';
import type { Config } from '../config';
import type { AuthGuards } from '../plugins/auth';
import { AttachmentAccess } from './attachments/attachment-access';
import { AttachmentsRepository } from './attachments/attachments.repository';
import { registerAttachmentRoutes, uploadTmpDir } from './attachments/attachments.routes';
import { AddressService } from './address/address.service';
import { registerAddressRoutes } from './address/address.routes';
import { DadataProvider } from './address/dadata-provider';
import { OfflineAddressProvider } from './address/offline-provider';
import { OsmAddressProvider } from './address/osm-provider';
import { RegistryAddressProvider } from './address/registry-provider';
import { TransactionService } from './transaction/transaction.service';
import { registerTransactionRoutes } from './transaction/transaction.routes';
import { registerLogRoutes } from './logs/logs.routes';
import type { ExportService } from './jobs/export-service';

export interface RegistryServicesDeps {
  config: Config;
  pool: Pool;
  guards: AuthGuards;
  /** The domain runtime: its repositories, its write pipeline (the batch transaction), its file store. */
  domain: Domain;
  exports: ExportService;
}

export async function registerRegistryServices(app: FastifyInstance, deps: RegistryServicesDeps): Promise<void> {
  const { config, pool, guards, domain } = deps;
  const registries = domain.registries.crud;
  if (!domain.fileStore) throw new Error('attachments: the domain has no file store (ATTACHMENTS_DIR)');

  const attachmentsDir = path.resolve(config.attachmentsDir);
  await registerAttachmentRoutes(app, {
    repo: new AttachmentsRepository(pool),
    store: domain.fileStore,
    guards,
    access: new AttachmentAccess(pool, registries, config.attachmentQuota),
    tmpDir: uploadTmpDir(attachmentsDir),
    maxBytes: config.attachmentMaxBytes,
  });

  // The registry's own addresses and the region's OSM index (issue 9 §2).
  const offline = new OfflineAddressProvider(new RegistryAddressProvider(pool), new OsmAddressProvider(pool));
  const address = config.dadata ? new AddressService(new DadataProvider(config.dadata), offline, app.log) : new AddressService(offline, null, app.log);
  registerAddressRoutes(app, { address, guards });

  registerTransactionRoutes(app, { service: new TransactionService(domain.pipeline), guards });
  // The system log (a read-only registry of `moduleResources`) and the card histories, also for the
  // registries their own module serves (the balance).
  await registerLogRoutes(app, { guards, registries: domain.registries.all, crud: { exports: deps.exports, pipeline: domain.pipeline } });
}
