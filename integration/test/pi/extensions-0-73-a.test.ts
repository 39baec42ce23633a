// pi 0.73.1's extension examples (shard a of 3) through pi's ExtensionRunner and through hookwire.
import { exampleSuite } from "./support/example-suite.js";
import { extensionExamples, pi073 } from "./support/pi-packages.js";

const all = extensionExamples(pi073);
const shard = "abc".indexOf("a");
const size = Math.ceil(all.length / 3);

exampleSuite("extensions-0.73", pi073, all.slice(shard * size, (shard + 1) * size), {
  timerCalls: { "extensions/titlebar-spinner.ts": ["ui.setTitle"] },
});
