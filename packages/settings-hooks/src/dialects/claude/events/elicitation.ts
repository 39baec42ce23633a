// Elicitation: when an MCP server asks the user for input. Not run by hookwire (see `unbridged`).
import { unbridged } from "../define.js";

export const elicitation = unbridged({
  name: "Elicitation",
  description: "When an MCP server asks the user for input.",
  matcher: "regex",
  matcherField: "mcp_server_name",
  canBlock: true,
  canStop: false,
  tool: false,
  defaultTimeout: 600,
  unbridged: "hookwire has no MCP client; a host's MCP elicitations are its own.",
});
