// pi 0.32.3's own hook examples through pi's HookRunner + wrapToolsWithHooks and through hookwire.
import { exampleSuite } from "./support/example-suite.js";
import { hookExamples, pi032 } from "./support/pi-packages.js";

exampleSuite("hooks-0.32", pi032, hookExamples(pi032));
