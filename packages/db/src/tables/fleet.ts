/**
 * Storage of the fleet registries (issue 10 §1; migration 20261125010000_fleet_registries):
 * vehicles (`vehicle`, attachments in `vehicle_attachment`, the last-online bucket computed
 * from `vehicle.last_online_at`, which the GPS ingest keeps), garages (`garage`), staff
 * (`staff_member`, positions in `staff_member_position`, files in `staff_member_attachment`),
 * way-bills (`waybill` with the `waybill_task` child table), job kinds (`job_kind`), fuels
 * (`fuel`).
 */
import { LAST_ONLINE_BOUNDS } from '@tko/contract';
import type { ComputedSql, TableMapping } from './types';

/**
 * The `last_online` bucket of a vehicle over the row aliased `a`: NO_DATA without a position,
 * otherwise the first bound of LAST_ONLINE_BOUNDS (contract fleet.ts) the age fits, else FAR_AGO.
 */
export const lastOnlineSql: ComputedSql = (a) =>
  `CASE WHEN ${a}.last_online_at IS NULL THEN 'NO_DATA'${LAST_ONLINE_BOUNDS.map(
    (b) => ` WHEN now() - ${a}.last_online_at <= interval '${b.seconds} seconds' THEN '${b.code}'`,
  ).join('')} ELSE 'FAR_AGO' END`;

export const fleetTables: Record<string, TableMapping> = {
  vehicles: {
    table: 'vehicle',
    // The tracker password is stored hashed (registry secrets, migration 20261127170000).
    columns: { tracker_password: 'tracker_password_hash' },
    joins: { attachments: { table: 'vehicle_attachment', ownKey: 'vehicle_id', targetKey: 'attachment_id' } },
    computed: { last_online: lastOnlineSql },
  },
  garages: { table: 'garage' },
  staff: {
    table: 'staff_member',
    joins: {
      positions: { table: 'staff_member_position', ownKey: 'staff_member_id', targetKey: 'staff_position_id' },
      attachments: { table: 'staff_member_attachment', ownKey: 'staff_member_id', targetKey: 'attachment_id' },
    },
  },
  waybills: {
    table: 'waybill',
    columns: { column: 'column_name', route_ref: 'route_id' },
    children: { tasks: { table: 'waybill_task', parentKey: 'waybill_id' } },
  },
  'job-kinds': { table: 'job_kind' },
  fuel: { table: 'fuel' },
};
