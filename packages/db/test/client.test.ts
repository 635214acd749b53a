/** Connections: the pool's type parsers follow the wire conventions; Prisma reads our tables. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma } from '../src/index';
import { createTestDatabase, type TestDatabase } from '../src/testing/index';

let db: TestDatabase;
beforeAll(async () => { db = await createTestDatabase(); });
afterAll(async () => { await db?.drop(); });

describe('createPool', () => {
  it('keeps numeric and date as strings and reads bigint counts as numbers', async () => {
    const { rows } = await db.pool.query(
      `SELECT 1.100::numeric(14, 3) AS dec, '2026-03-01'::date AS day, ARRAY['2026-03-01'::date] AS days,
              count(*) AS n, ARRAY[1.5::numeric] AS decs, '06:00'::time AS t FROM generate_series(1, 3)`,
    );
    expect(rows[0]).toEqual({ dec: '1.100', day: '2026-03-01', days: ['2026-03-01'], n: 3, decs: ['1.5'], t: '06:00:00' });
  });
});

describe('createPrisma', () => {
  it('reads and writes the migrated tables through the pg adapter', async () => {
    const prisma = createPrisma(db.url);
    try {
      const zone = await prisma.contractZone.create({ data: { name: 'Зона Prisma' } });
      const site = await prisma.wasteArea.create({ data: { kind: 'CONTAINER', location: 'Ангарск, 1', contractZoneId: zone.id, periodicityOnMonthdays: [1, 15] } });
      const read = await prisma.wasteArea.findUniqueOrThrow({ where: { id: site.id }, include: { contractZone: true } });
      expect(read).toMatchObject({ status: 'ACTIVE', type: 'OPENED', countContainers: 0, periodicityOnMonthdays: [1, 15], contractZone: { name: 'Зона Prisma' } });
      expect(read.volume.toString()).toBe('0');
      await prisma.$executeRaw`UPDATE waste_area SET coordinates = ST_SetSRID(ST_MakePoint(103.87, 52.54), 4326) WHERE id = ${site.id}`;
      const [p] = await prisma.$queryRaw<{ lat: number; lng: number }[]>`SELECT ST_Y(coordinates) AS lat, ST_X(coordinates) AS lng FROM waste_area WHERE id = ${site.id}`;
      expect(p).toEqual({ lat: 52.54, lng: 103.87 });
    } finally {
      await prisma.$disconnect();
    }
  });
});
