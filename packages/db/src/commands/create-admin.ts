/**
 * `pnpm --filter @tko/db create-admin`: creates or updates the first administrator from
 * ADMIN_EMAIL and ADMIN_PASSWORD (optional ADMIN_FIRST_NAME, ADMIN_LAST_NAME) in DATABASE_URL,
 * with the role 'Администратор' holding every permission (src/admin.ts).
 */
import { ensureAdmin } from '../admin';
import { createPool } from '../client';
import { databaseUrlFromEnv, runCommand } from './cli';

runCommand(async () => {
  const email = process.env.ADMIN_EMAIL ?? '';
  const password = process.env.ADMIN_PASSWORD ?? '';
  if (!email || !password) throw new Error('задайте ADMIN_EMAIL и ADMIN_PASSWORD');
  const pool = createPool(databaseUrlFromEnv());
  try {
    const r = await ensureAdmin(pool, {
      email,
      password,
      first_name: process.env.ADMIN_FIRST_NAME,
      last_name: process.env.ADMIN_LAST_NAME,
    });
    console.log(`${r.created ? 'Создан' : 'Обновлён'} администратор ${r.email} (id ${r.userId}), роль «Администратор» со всеми правами.`);
    console.log(`Вход: страница /auth/ веб-приложения или POST /api/auth/token/ {"email": "${r.email}", "password": "<ADMIN_PASSWORD>"}.`);
  } finally {
    await pool.end();
  }
});
