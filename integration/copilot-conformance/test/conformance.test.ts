// Every case run in hookwire and compared with what the real Copilot CLI did (recorded/copilot-cli.json).
import { conformanceSuite, recordedSuite } from "@hookwire/conformance-kit";
import { copilot } from "../src/suite.js";

conformanceSuite(recordedSuite(copilot));
