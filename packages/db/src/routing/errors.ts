/**
 * Errors of the routing service, named by OSRM's answer codes (http://project-osrm.org/docs/v5.24.0/api/
 * "Responses"): every one is HTTP 400 in OSRM. `TripError.code` is the wire `code`, `message` the text.
 */
export type TripErrorCode = 'InvalidQuery' | 'InvalidValue' | 'InvalidOptions' | 'NoSegment' | 'NoTrips' | 'NotImplemented' | 'TooBig';

/** A refusal of the routing service; the API answers `{code, message}` with `status` (400). */
export class TripError extends Error {
  readonly status = 400;
  constructor(readonly code: TripErrorCode, message: string) {
    super(message);
    this.name = 'TripError';
  }
}
