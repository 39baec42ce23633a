// ElicitationResult: after the user answered an MCP server's elicitation. Not run by hookwire (see `unbridged`).
import { unbridged } from "../define.js";

export const elicitationResult = unbridged({
  name: "ElicitationResult",
  description: "After the user answered an MCP server's elicitation.",
  matcher: "regex",
  matcherField: "mcp_server_name",
  canBlock: true,
  canStop: false,
  tool: false,
  defaultTimeout: 600,
  unbridged: "hookwire has no MCP client; a host's MCP elicitations are its own.",
});
