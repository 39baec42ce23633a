// hookwire's per-user state folder: trust's private-files helper (the forwarding client inlines it from source, with
// nothing but Node's own modules), under the name the CLI's state files use.
export { defaultStateRoot as stateRoot } from "@hookwire/trust/private-files";
