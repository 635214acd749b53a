/**
 * Chooses the address provider (issue 3 §6): the DaData-compatible service when DADATA_TOKEN is
 * configured, with the built-in registry provider as the fallback when the service fails
 * (unreachable, time-out, error answer — logged), so a broken connection never blocks typing
 * an address; the registry provider alone otherwise.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AddressSuggestion, CleanAddress } from '@tko/contract';
import type { AddressProvider } from './address-provider';
import { AddressServiceError } from './address-provider';

export class AddressService {
  constructor(
    private readonly primary: AddressProvider,
    private readonly fallback: AddressProvider | null,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Name of the provider asked first. */
  get provider(): AddressProvider['name'] {
    return this.primary.name;
  }

  private async run<T>(what: string, call: (p: AddressProvider) => Promise<T>): Promise<T> {
    try {
      return await call(this.primary);
    } catch (e) {
      if (!(e instanceof AddressServiceError) || !this.fallback) throw e;
      this.log?.warn({ err: e.message }, `address ${what}: ${this.primary.name} failed, answering from ${this.fallback.name}`);
      return call(this.fallback);
    }
  }

  /** `readable`: the registries the caller views (the registry provider searches only those). */
  suggest(query: string, count: number, readable?: ReadonlySet<string>): Promise<AddressSuggestion[]> {
    return this.run('suggest', (p) => p.suggest(query, count, readable));
  }

  clean(location: string, readable?: ReadonlySet<string>): Promise<CleanAddress | null> {
    return this.run('clean', (p) => p.clean(location, readable));
  }
}
