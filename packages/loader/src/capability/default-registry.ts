// The default capability registry and the module-level functions that use it.
import { hooksCapability } from "../hooks/hook-item.js";
import { CapabilityRegistry } from "./registry.js";
import type { Capability, CapabilityLoadResult, CapabilityProvider } from "./types.js";

/** The registry the module-level functions use; hosts register their providers here. */
export const capabilityRegistry = new CapabilityRegistry();
// Known up front so hosts can register hook providers by id: registerProvider("hooks", …).
capabilityRegistry.defineCapability(hooksCapability);

export function defineCapability<T>(capability: Capability<T>): Capability<T> {
  return capabilityRegistry.defineCapability(capability);
}

export function registerProvider<T>(
  capability: Capability<T> | string,
  provider: CapabilityProvider<T>,
): () => void {
  return capabilityRegistry.registerProvider(capability, provider);
}

export function loadCapability<T>(
  capability: Capability<T> | string,
  ctx: { cwd: string; home?: string },
): Promise<CapabilityLoadResult<T>> {
  return capabilityRegistry.loadCapability(capability, ctx);
}
