// `OPENCODE_BIN=… pnpm conformance:record:opencode [case-id…]`: runs cases in the real opencode, writes recorded/opencode.json.
import { recordCases } from "@hookwire/conformance-kit";
import { OPENCODE_VERSION, opencodeVersion, runInOpencode } from "./opencode-run.js";
import { opencode } from "./suite.js";

await recordCases(opencode, {
  version: () => {
    const version = opencodeVersion();
    if (version !== OPENCODE_VERSION) {
      throw new Error(`Expected opencode ${OPENCODE_VERSION}, found ${version} (set OPENCODE_BIN).`);
    }
    return version;
  },
  run: runInOpencode,
});
