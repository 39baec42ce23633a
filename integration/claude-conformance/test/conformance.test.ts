// Every case run in hookwire and compared with what the real Claude Code did (recorded/claude-code.json).
import { conformanceSuite, recordedSuite } from "@hookwire/conformance-kit";
import { claude } from "../src/suite.js";

conformanceSuite(recordedSuite(claude));
