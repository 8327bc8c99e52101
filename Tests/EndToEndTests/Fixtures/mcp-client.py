#!/usr/bin/env python3
"""A real MCP client (the Python SDK, `mcp` from PyPI) for the end-to-end tests of
`folio mcp`: starts the server over stdio, lists its tools, makes the calls it is given,
and prints what came back as one JSON object.

    mcp-client.py CALLS_JSON SERVER_COMMAND [ARG...]

CALLS_JSON: a list of {"tool": NAME, "arguments": {...}}. Each call's report: the
structured content, the text, and whether the result was marked an error; or, for a call
the server refused as malformed, the JSON-RPC error's code and message.
"""
import asyncio
import json
import os
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import MCPError


async def main():
    calls = json.loads(sys.argv[1])
    server = StdioServerParameters(command=sys.argv[2], args=sys.argv[3:], env=dict(os.environ))
    report = {"calls": []}
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            initialized = await session.initialize()
            report["server"] = {"name": initialized.server_info.name, "version": initialized.server_info.version,
                                "instructions": initialized.instructions, "protocol": initialized.protocol_version}
            listed = await session.list_tools()
            report["tools"] = [{"name": tool.name, "input_schema": tool.input_schema,
                                "read_only": bool(tool.annotations and tool.annotations.read_only_hint)} for tool in listed.tools]
            for call in calls:
                try:
                    result = await session.call_tool(call["tool"], call.get("arguments", {}))
                    report["calls"].append({
                        "is_error": bool(result.is_error),
                        "structured": result.structured_content,
                        "text": "".join(part.text for part in result.content if part.type == "text"),
                    })
                except MCPError as error:
                    report["calls"].append({"protocol_error": {"code": error.error.code, "message": error.error.message}})
    print(json.dumps(report))


asyncio.run(main())
