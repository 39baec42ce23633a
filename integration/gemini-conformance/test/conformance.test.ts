// Every case run in hookwire and compared with what the real Gemini CLI did (recorded/gemini-cli.json).
import { conformanceSuite, recordedSuite } from "@hookwire/conformance-kit";
import { gemini } from "../src/suite.js";

conformanceSuite(recordedSuite(gemini));
