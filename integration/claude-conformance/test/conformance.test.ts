// Every case run in hookwire and compared with what the real Claude Code did (recorded/claude-code.json).
import { conformanceSuite } from "@hookwire/conformance-kit";
import { claudeSuite } from "../src/suite.js";

conformanceSuite(claudeSuite());
