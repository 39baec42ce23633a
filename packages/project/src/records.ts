// `@hookwire/project/records`: the decision record every host writes (its schema, the JSONL log and its reader, the
// span spool, the redaction), and the recorder the in-process hosts (pi, opencode) keep for their tool calls.

export {
  appendDecision,
  decisionLogFile,
  flushDecisions,
  parseLines,
  readDecisions,
  readText,
} from "./records/decision-log.js";
export { type Decided, decisionOf, failureDecision } from "./records/decision-of.js";
export {
  DECISION_KINDS,
  type Decision,
  type DecisionKind,
  SPAN_ATTRIBUTES,
} from "./records/record.js";
export { drainSpool, spoolDecision } from "./records/span-spool.js";
export { type RecordCall, type RecordedCall, toolCallRecords } from "./records/tool-call-records.js";
export { toolTarget } from "./records/tool-target.js";
export { whoAndWhere } from "./records/who.js";
export { recordDecision, telemetryWanted } from "./records/write-record.js";
