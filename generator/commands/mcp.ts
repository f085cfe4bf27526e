// `specsite mcp`: the Model Context Protocol server over the built site (generator/mcp/).
export { startMcpServer as mcp, type McpOptions, type McpResult } from '../mcp/server/start.js';
