// Decides whether a project's items may load: the trust option, then the store's record of the project.
import { errorMessage } from "@hookwire/core";
import { readTrustStore, type TrustRecord } from "./store/trust-store.js";

/** What a trust decision sees: the project root, its fingerprint and the items it covers. */
export interface ProjectTrustInfo {
  root: string;
  fingerprint: string;
  items: string[];
}

/**
 * `"ask"` and the default: load project items when the store trusts the current fingerprint (the CLI's
 * `hookwire trust` writes it). `"all"`: trust every project. `"none"`: never load project items.
 * A function is asked when the store does not already trust the project.
 */
export type TrustOption =
  | "ask"
  | "all"
  | "none"
  | ((project: ProjectTrustInfo) => boolean | Promise<boolean>);

/** One trusted item as the fingerprint saw it now. */
export interface TrustEntry {
  label: string;
  digest: string;
  /** What a record written by an earlier hookwire holds for the same contents (a settings file's whole text). */
  legacy?: string;
}

/** Whether `record` holds the entry as it is now, in this version's digest or the one an earlier version wrote. */
export function recordHolds(record: TrustRecord, { label, digest, legacy }: TrustEntry): boolean {
  const held = record.files[label];
  return held === digest || (legacy !== undefined && held === legacy);
}

/**
 * The record that trusts every current item with the same contents, if one does: this discovery's own, or
 * another's that covered at least as much (the CLI's trust of every format covers a host that loads fewer).
 * An item no record holds, or holds with other contents, is new or edited code: no record trusts it.
 */
export function trustingRecord(
  records: Readonly<Record<string, TrustRecord>> | undefined,
  entries: readonly TrustEntry[],
  discovery: string,
): TrustRecord | undefined {
  const candidates = Object.values(records ?? {}).sort(
    (a, b) => Number(b.discovery === discovery) - Number(a.discovery === discovery),
  );
  return candidates.find((record) => entries.every((entry) => recordHolds(record, entry)));
}

export interface TrustVerdict {
  trusted: boolean;
  /** Why not, for `skipped` entries. */
  reason?: string;
  /** A store that could not be read. */
  warning?: string;
}

export async function decideTrust(
  trust: TrustOption,
  project: ProjectTrustInfo,
  init: { store: string; entries: readonly TrustEntry[]; discovery: string },
): Promise<TrustVerdict> {
  if (project.items.length === 0 || trust === "all") return { trusted: true };
  if (trust === "none") return { trusted: false, reason: 'project hooks are disabled (trust: "none")' };

  let records: Record<string, TrustRecord> | undefined;
  let warning: string | undefined;
  try {
    records = (await readTrustStore(init.store)).projects[project.root];
  } catch (error) {
    warning = errorMessage(error);
  }
  if (trustingRecord(records, init.entries, init.discovery)) return { trusted: true };
  const recorded = records === undefined ? undefined : true;

  if (typeof trust === "function") {
    try {
      if ((await trust(project)) === true) return { trusted: true, warning };
      return { trusted: false, reason: "the host's trust decision declined the project", warning };
    } catch (error) {
      return { trusted: false, reason: `the host's trust decision failed: ${errorMessage(error)}`, warning };
    }
  }
  return {
    trusted: false,
    reason:
      recorded === undefined
        ? "the project is not trusted"
        : "the project's hooks changed since it was trusted (a hook, settings file or script was added, removed or edited; `hookwire trust` shows which)",
    warning,
  };
}
