// Every case run in hookwire and compared with what the real Codex did (recorded/codex.json).
import { conformanceSuite } from "@hookwire/conformance-kit";
import { codexSuite } from "../src/suite.js";

conformanceSuite(codexSuite());
