// Every case run in hookwire and compared with what the real opencode did (recorded/opencode.json).
import { conformanceSuite } from "@hookwire/conformance-kit";
import { opencodeSuite } from "../src/suite.js";

conformanceSuite(opencodeSuite());
