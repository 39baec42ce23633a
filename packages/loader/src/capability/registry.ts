// CapabilityRegistry: providers by capability, consulted by priority, their items de-duplicated by key.
import os from "node:os";
import { errorMessage } from "@hookwire/core";
import { CapabilityError } from "../errors.js";
import type {
  Capability,
  CapabilityContext,
  CapabilityEntry,
  CapabilityLoadResult,
  CapabilityProvider,
  CapabilityWarning,
  ProviderReport,
} from "./types.js";

interface Slot {
  capability: Capability<unknown>;
  providers: CapabilityProvider<unknown>[];
}

export class CapabilityRegistry {
  readonly #slots = new Map<string, Slot>();

  /** Make a capability known; defining the same object twice is fine, another one with its id throws. */
  defineCapability<T>(capability: Capability<T>): Capability<T> {
    if (typeof capability?.id !== "string" || capability.id === "" || typeof capability.key !== "function") {
      throw new CapabilityError("defineCapability() expects { id: non-empty string, key: function }.");
    }
    const slot = this.#slots.get(capability.id);
    if (slot && slot.capability !== capability) {
      throw new CapabilityError(
        `Capability "${capability.id}" is already defined; register providers on the existing definition.`,
      );
    }
    if (!slot)
      this.#slots.set(capability.id, { capability: capability as Capability<unknown>, providers: [] });
    return capability;
  }

  /** Add a provider; returns the function that removes it. */
  registerProvider<T>(capability: Capability<T> | string, provider: CapabilityProvider<T>): () => void {
    const slot = this.#slot(capability);
    if (typeof provider?.id !== "string" || typeof provider.load !== "function") {
      throw new CapabilityError(
        `registerProvider("${slot.capability.id}", provider) expects { id, displayName, priority, load(ctx) }.`,
      );
    }
    if (!Number.isFinite(provider.priority)) {
      throw new CapabilityError(
        `Provider "${provider.id}" of "${slot.capability.id}" needs a finite number as priority, got ${String(provider.priority)}.`,
      );
    }
    if (slot.providers.some((p) => p.id === provider.id)) {
      throw new CapabilityError(
        `Provider "${provider.id}" is already registered for "${slot.capability.id}"; provider ids must be unique.`,
      );
    }
    const entry = provider as CapabilityProvider<unknown>;
    slot.providers.push(entry);
    return () => {
      const index = slot.providers.indexOf(entry);
      if (index >= 0) slot.providers.splice(index, 1);
    };
  }

  /** The providers of a capability in the order they run. */
  providers<T>(capability: Capability<T> | string): CapabilityProvider<T>[] {
    const slot = this.#slots.get(typeof capability === "string" ? capability : capability.id);
    // Array.prototype.sort is stable, so equal priorities keep registration order.
    return [...(slot?.providers ?? [])].sort((a, b) => b.priority - a.priority) as CapabilityProvider<T>[];
  }

  /** Run every provider, highest priority first, and de-duplicate what they found. */
  async loadCapability<T>(
    capability: Capability<T> | string,
    ctx: { cwd: string; home?: string },
  ): Promise<CapabilityLoadResult<T>> {
    const slot = this.#slot(capability);
    const cap = slot.capability as Capability<T>;
    const base = { cwd: ctx.cwd, home: ctx.home ?? os.homedir() };
    const warnings: CapabilityWarning[] = [];
    const reports: ProviderReport[] = [];
    const all: CapabilityEntry<T>[] = [];
    const items: T[] = [];
    const kept = new Map<string, T[]>();

    for (const provider of this.providers(cap)) {
      const report: ProviderReport = {
        id: provider.id,
        displayName: provider.displayName,
        priority: provider.priority,
        count: 0,
        failed: false,
      };
      reports.push(report);
      const warn = (message: string) => warnings.push({ capability: cap.id, provider: provider.id, message });
      const context: CapabilityContext = { ...base, warn };
      let found: unknown;
      try {
        found = await provider.load(context);
      } catch (error) {
        report.failed = true;
        warn(
          `Provider "${provider.displayName}" (${provider.id}) failed: ${errorMessage(error)}. Its ${cap.id} were skipped.`,
        );
        continue;
      }
      if (!Array.isArray(found)) {
        report.failed = true;
        warn(
          `Provider "${provider.displayName}" (${provider.id}) returned ${typeof found}; expected an array of ${cap.id}.`,
        );
        continue;
      }
      for (const [index, item] of found.entries()) {
        const problem = cap.validate?.(item);
        if (problem !== undefined) {
          warn(
            `Provider "${provider.displayName}" (${provider.id}) returned an invalid item at [${index}]: ${problem}. It was dropped.`,
          );
          continue;
        }
        const key = cap.key(item as T);
        const earlier = kept.get(key) ?? [];
        const shadowed = earlier.some((first) => cap.coexists?.(first, item as T) !== true);
        report.count++;
        all.push({ item: item as T, key, provider: provider.id, shadowed });
        if (!shadowed) {
          items.push(item as T);
          kept.set(key, [...earlier, item as T]);
        }
      }
    }
    return { items, all, warnings, providers: reports };
  }

  #slot(capability: Capability<unknown> | string): Slot {
    if (typeof capability !== "string") {
      this.defineCapability(capability);
      return this.#slots.get(capability.id)!;
    }
    const slot = this.#slots.get(capability);
    if (!slot) {
      const known = [...this.#slots.keys()];
      throw new CapabilityError(
        `Unknown capability "${capability}"; define it first with defineCapability().${known.length ? ` Known: ${known.join(", ")}.` : ""}`,
      );
    }
    return slot;
  }
}
