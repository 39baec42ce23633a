// Every dialect hookwire reads, in the order their sources are read and their handlers listed.
import type { Dialect, DialectId } from "../dialect/types.js";
import { claude } from "./claude/dialect.js";
import { codex } from "./codex/dialect.js";
import { copilot } from "./copilot/dialect.js";
import { cursor } from "./cursor/dialect.js";
import { gemini } from "./gemini/dialect.js";

export const DIALECTS: readonly Dialect[] = [claude, codex, gemini, copilot, cursor];

/** The dialect of that id; throws for an id no dialect has (a programming error, not user input). */
export function dialectById(id: DialectId): Dialect {
  const found = DIALECTS.find((dialect) => dialect.id === id);
  if (!found) throw new Error(`No dialect "${id}" is registered in dialects/registry.ts.`);
  return found;
}
