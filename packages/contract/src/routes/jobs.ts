/**
 * Background jobs of the signed-in user (issue 3 §3): the state of one job and its result file.
 * Only the user who started a job sees it (404 otherwise); 503 while Redis is unreachable.
 */
import { z } from 'zod';
import { defineRoute } from '../common/route';
import { JobStatusSchema } from '../jobs/index';

const JobIdParams = z.object({ id: z.string().regex(/^[\w-]{1,64}$/) });

export const jobStatusRoute = defineRoute({
  method: 'GET', path: '/api/jobs/:id/', permission: 'user', tags: ['jobs'], summary: 'Состояние фоновой задачи',
  params: JobIdParams, response: { 200: JobStatusSchema },
});
export const jobFileRoute = defineRoute({
  method: 'GET', path: '/api/jobs/:id/file/', permission: 'user', tags: ['jobs'], summary: 'Файл результата фоновой задачи',
  params: JobIdParams, produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
});
