// Every case run in hookwire and compared with what the real Gemini CLI did (recorded/gemini-cli.json).
import { conformanceSuite } from "@hookwire/conformance-kit";
import { geminiSuite } from "../src/suite.js";

conformanceSuite(geminiSuite());
