/**
 * SQL pieces over the contracts registry (contract.ts: every row is a revision; the APPROVED one
 * is the contract's current version) for the rules P017, P201, P401.
 *
 * A contract is in force today when its current revision's effective_date (null: from signing)
 * has come and its termination_date (null: open-ended) has not passed — ПП РФ от 12.11.2016
 * № 1156 п. 8(17): the contract runs from the date it states until its term ends.
 */

/** Current revisions in force today, as a condition on the alias `k`. */
export const contractInForce = (k: string) =>
  `${k}.revision_status = 'APPROVED' AND coalesce(${k}.effective_date, ${k}.signing_date, current_date) <= current_date
    AND (${k}.termination_date IS NULL OR ${k}.termination_date >= current_date)`;

/**
 * Whether the product keeps contracts at all (one approved revision exists): without any, a
 * missing contract is a gap of the registry, not a fact — the rules stay silent.
 */
export const contractsKept = `EXISTS (SELECT 1 FROM contract k0 WHERE k0.revision_status = 'APPROVED')`;
