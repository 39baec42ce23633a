// Every case run in hookwire and compared with what the real opencode did (recorded/opencode.json).
import { conformanceSuite, recordedSuite } from "@hookwire/conformance-kit";
import { opencode } from "../src/suite.js";

conformanceSuite(recordedSuite(opencode));
