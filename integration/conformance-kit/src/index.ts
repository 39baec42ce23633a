// The conformance kit's public surface: what every suite under integration/*-conformance shares.
export {
  type CaseDirs,
  caseDirs,
  type HookScript,
  type KitCase,
  type ObserveSpec,
  resolveCalls,
  scriptText,
  type ToolCall,
  writeFiles,
} from "./case.js";
export { comparableBy, type InputTerms, pick, shapeOf } from "./compare.js";
export { type DialectRun, runDialectHost } from "./dialect-host.js";
export { type FakeAnswer, type FakeRequest, type FakeServer, startFakeServer } from "./fake-server.js";
export { END_RUN, type Host, inTempRoot, runAgentLoop, startHost, textOf } from "./host.js";
export { fileTools, nativeTools, stringParam, type ToolWording } from "./native-tools.js";
export { hookLogs, markersIn, normalizeDeep, observedFiles, readLog } from "./observe.js";
export { mapLimit } from "./pool.js";
export { type Recorder, recordCases } from "./record.js";
export { type Recorded, type RecordStore, recordStore } from "./record-file.js";
export { type RecordedSuite, storeOf } from "./recorded-suite.js";
export { formatReport, type Verdict } from "./report.js";
export { conformanceSuite, type Oracle, recordedSuite, type SuiteAdapter } from "./suite.js";
