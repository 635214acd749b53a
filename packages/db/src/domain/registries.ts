/**
 * The registries' repositories, built once per process (issue 21 §1): one RegistryRepository per
 * registry of the contract (`resources`, and the `moduleResources` their own module serves),
 * shared by the write pipeline, the API modules, the worker's jobs and the bench. A repository
 * holds no per-request state, so one per registry is enough; building them once also keeps one
 * merged table mapping (tables/index.ts storedResource) per registry.
 */
import type { ResourceDef } from '@tko/contract';
import { moduleResources, resources } from '@tko/contract';
import type { Pool } from 'pg';
import { RegistryRepository } from '../registry/repository';
import { storedResource } from '../tables/index';

/** A registry and its repository. */
export interface RegistryEntry {
  def: ResourceDef;
  repo: RegistryRepository;
}

export class Registries {
  private readonly byName = new Map<string, RegistryEntry>();
  /** The CRUD registries (`resources`), in the contract's order. */
  readonly crud: readonly RegistryEntry[];
  /** Every registry: `resources`, then the ones served by their own module (`moduleResources`). */
  readonly all: readonly RegistryEntry[];

  constructor(
    readonly pool: Pool,
    defs: { crud?: readonly ResourceDef[]; modules?: readonly ResourceDef[] } = {},
  ) {
    const entry = (def: ResourceDef): RegistryEntry => {
      const e = { def, repo: new RegistryRepository(pool, def) };
      this.byName.set(def.name, e);
      return e;
    };
    this.crud = (defs.crud ?? resources).map(entry);
    this.all = [...this.crud, ...(defs.modules ?? moduleResources).map(entry)];
  }

  /** The registry named `name` (its permission resource name), or undefined. */
  def(name: string): ResourceDef | undefined {
    return this.byName.get(name)?.def;
  }

  /**
   * The repository of a registry, by name or description. A description that is not the one this
   * set was built with (a test's own variant of a registry) gets a repository of its own each call.
   * Throws for a name no registry has.
   */
  repo(defOrName: ResourceDef | string): RegistryRepository {
    const name = typeof defOrName === 'string' ? defOrName : defOrName.name;
    const e = this.byName.get(name);
    if (typeof defOrName === 'string') {
      if (!e) throw new Error(`no registry «${name}»`);
      return e.repo;
    }
    if (e && (e.def === defOrName || e.repo.def === storedResource(defOrName))) return e.repo;
    return new RegistryRepository(this.pool, defOrName);
  }
}
