// The typed constructors of Cursor's events (their state is CursorState) and what several events share.
import { eventsFor } from "../../dialect-kit/catalogue.js";
import type { CursorState } from "./state.js";

export const { bridged, unbridged } = eventsFor<CursorState>();

/** Cursor does not document a default timeout; hookwire uses Copilot's and VS Code's 30 s. */
export const DEFAULT_TIMEOUT = 30;

/** MCP tools as hookwire names them (`mcp__server__tool`). */
export const isMcpTool = (name: string): boolean => name.startsWith("mcp__");
