// Every case run in hookwire and compared with what the real Copilot CLI did (recorded/copilot-cli.json).
import { conformanceSuite } from "@hookwire/conformance-kit";
import { copilotSuite } from "../src/suite.js";

conformanceSuite(copilotSuite());
