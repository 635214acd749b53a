/**
 * POST /api/transaction/ (spec 01 §7; contract routes/transaction.ts for the shapes): any
 * signed-in user; each operation needs the permission of its registry and action
 * (create → add, update → change, delete → delete). The write pipeline announces every change
 * on its registry topic after the commit (DESTINATIONS.registry), as single writes are.
 *
 * Refusals: no body (or not a JSON object) → 400 {non_field_errors: [«Невозможно выполнить
 * транзакцию без тела запроса.»]} (spec 01 §8); `operations` missing, empty or too long → 400
 * {operations: […]}; a bad or failed operation → 400 {index, detail, errors}; a missing
 * permission → 403 {index, detail}. Nothing is written in any of these cases.
 */
import type { FastifyInstance } from 'fastify';
import { MSG, TRANSACTION_MAX_OPERATIONS, TRANSACTION_MSG, transactionRoute } from '@tko/contract';
import { FieldValidationError, writerFor } from '@tko/db';
import type { AuthGuards } from '../../plugins/auth';
import { registerRoute } from '../../routing/register-route';
import type { TransactionService } from './transaction.service';
import { TransactionFailure } from './transaction.service';

export function registerTransactionRoutes(app: FastifyInstance, deps: { service: TransactionService; guards: AuthGuards }): void {
  // The body is checked here (contract transactionRoute has no body schema): its own refusals.
  registerRoute(app, transactionRoute, async ({ body, user, reply }) => {
    if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw FieldValidationError.of('non_field_errors', TRANSACTION_MSG.noBody);
    }
    const ops = (body as { operations?: unknown }).operations;
    if (ops === undefined || ops === null) throw FieldValidationError.of('operations', MSG.required);
    if (!Array.isArray(ops)) throw FieldValidationError.of('operations', MSG.list);
    if (!ops.length) throw FieldValidationError.of('operations', TRANSACTION_MSG.noOperations);
    if (ops.length > TRANSACTION_MAX_OPERATIONS) throw FieldValidationError.of('operations', TRANSACTION_MSG.tooMany);
    try {
      // The service's write pipeline announces every change after the commit.
      return await deps.service.run(ops as unknown[], user, writerFor(user));
    } catch (e) {
      // The route declares only its 200 shape; a failure answers 400/403 with {index, detail, errors}.
      if (e instanceof TransactionFailure) return reply.code(e.status as 200).send(e.body as never);
      throw e;
    }
  }, deps);
}
