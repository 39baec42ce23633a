// Every Cursor case run in hookwire and held against what Cursor's documentation says must happen.
import { conformanceSuite } from "@hookwire/conformance-kit";
import { cursor } from "../src/suite.js";

conformanceSuite(cursor);
