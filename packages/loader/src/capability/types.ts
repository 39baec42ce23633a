// The shapes of the capability registry: what a capability is, who provides it, what loading returns.

/** A kind of thing that can be discovered (hooks, commands, …), with how to tell duplicates apart. */
export interface Capability<T> {
  id: string;
  /** Items with the same key are duplicates; the first one found wins. */
  key(item: T): string;
  /** Returns why the item is invalid, or `undefined` when it is fine. */
  validate?(item: unknown): string | undefined;
  /**
   * `true` when `later` is not shadowed by `earlier` although their keys are equal: both are kept, in
   * `items` too. Hooks use it so a project item never shadows a user's. Default: never.
   */
  coexists?(earlier: T, later: T): boolean;
}

/** Where a provider looks, and where it reports what it could not read. */
export interface CapabilityContext {
  cwd: string;
  home: string;
  /**
   * A finding about one file or folder (a link loop, a folder that cannot be listed, an entry that names
   * nothing): it becomes a warning naming the provider, and the provider's other items still count. A provider
   * reports instead of throwing, so one bad project folder never takes the user's hooks down with it.
   */
  warn(message: string): void;
}

export interface CapabilityProvider<T> {
  /** Unique within a capability; names the provider in warnings. */
  id: string;
  displayName: string;
  /** Higher runs first; equal priorities keep registration order. */
  priority: number;
  load(ctx: CapabilityContext): readonly T[] | Promise<readonly T[]>;
}

/** One item as found, with the provider that found it and whether an earlier item shadowed it. */
export interface CapabilityEntry<T> {
  item: T;
  key: string;
  provider: string;
  shadowed: boolean;
}

export interface CapabilityWarning {
  capability: string;
  provider: string;
  message: string;
}

export interface ProviderReport {
  id: string;
  displayName: string;
  priority: number;
  /** Valid items it returned, shadowed ones included. */
  count: number;
  failed: boolean;
}

export interface CapabilityLoadResult<T> {
  /** De-duplicated by key, in provider order. */
  items: T[];
  /** Every valid item, shadowed duplicates included and marked. */
  all: CapabilityEntry<T>[];
  warnings: CapabilityWarning[];
  /** The providers consulted, in the order they ran. */
  providers: ProviderReport[];
}
