// `OPENCODE_BIN=… pnpm conformance:record:opencode [case-id…]`: runs cases in the real opencode, writes recorded/opencode.json.
import { recordCases } from "@hookwire/conformance-kit";
import { cases } from "../cases/index.js";
import { OPENCODE_VERSION, opencodeVersion, runInOpencode } from "./opencode-run.js";
import { store } from "./suite.js";

await recordCases({
  agent: "opencode",
  command: "pnpm conformance:record:opencode",
  cases,
  store,
  version: () => {
    const version = opencodeVersion();
    if (version !== OPENCODE_VERSION) {
      throw new Error(`Expected opencode ${OPENCODE_VERSION}, found ${version} (set OPENCODE_BIN).`);
    }
    return version;
  },
  run: runInOpencode,
});
