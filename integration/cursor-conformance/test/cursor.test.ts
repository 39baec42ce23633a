// Every Cursor case run in hookwire and held against what Cursor's documentation says must happen.
import { conformanceSuite } from "@hookwire/conformance-kit";
import { cursorSuite } from "../src/suite.js";

conformanceSuite(cursorSuite());
