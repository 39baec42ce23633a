// Every case run in hookwire and compared with what the real Codex did (recorded/codex.json).
import { conformanceSuite, recordedSuite } from "@hookwire/conformance-kit";
import { codex } from "../src/suite.js";

conformanceSuite(recordedSuite(codex));
