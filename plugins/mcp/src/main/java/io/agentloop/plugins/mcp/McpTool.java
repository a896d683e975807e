package io.agentloop.plugins.mcp;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;

/**
 * A tool of an MCP server, as agents see it: named {@code <server>_<tool>}, with the server's
 * description and input schema (validated like every tool's). It is read-only when the server
 * says so ({@code readOnlyHint}) and does not also say it is destructive; so the permission policy
 * lets read-only tools run and asks for the others, as for any tool. A result's text, embedded
 * text resources and links become the content for the model; an image or audio is named there
 * with its type and size; structured content is the result's data (and its JSON is the content
 * when there is no text). A result the server marks {@code isError} is an error for the model.
 */
final class McpTool implements Tool {
    static final String SERVER_ERROR = "mcp_error";
    static final String UNAVAILABLE = "mcp_unavailable";

    private final McpServer server;
    private final McpSchema.Tool tool;
    private final ToolSpec spec;
    private final McpJsonMapper json;

    McpTool(McpServer server, McpSchema.Tool tool, String name, McpJsonMapper json) {
        this.server = server;
        this.tool = tool;
        this.json = json;
        String description = tool.description() != null && !tool.description().isBlank() ? tool.description()
                : tool.title() != null ? tool.title() : tool.name();
        this.spec = new ToolSpec(name, description, withoutNulls(tool.inputSchema()));
    }

    /** The name agents see: the server's name, '_', the tool's, with what providers refuse turned into '_'. */
    static String name(String server, String tool) {
        String name = (server + "_" + tool).replaceAll("[^A-Za-z0-9_-]", "_");
        return name.length() <= 64 ? name : name.substring(0, 64);
    }

    @Override
    public ToolSpec spec() {
        return spec;
    }

    @Override
    public boolean readOnly() {
        McpSchema.ToolAnnotations hints = tool.annotations();
        return hints != null && Boolean.TRUE.equals(hints.readOnlyHint()) && !Boolean.TRUE.equals(hints.destructiveHint());
    }

    @Override
    public ToolResult execute(ToolArguments arguments, ToolContext context) {
        McpSchema.CallToolResult result;
        try {
            result = server.call(tool.name(), arguments.values(), context.cancellation());
        } catch (McpServer.Unavailable e) {
            return ToolResult.failure(UNAVAILABLE, "MCP server '" + server.config().name() + "': " + e.getMessage());
        } catch (McpError e) {
            return ToolResult.failure(SERVER_ERROR, "MCP server '" + server.config().name() + "' refused the call: "
                    + e.getMessage());
        } catch (CancellationException e) {
            return ToolResult.failure(ToolResult.Failure.CANCELLED, "the call of " + spec.name() + " was cancelled");
        }
        return toResult(result);
    }

    private ToolResult toResult(McpSchema.CallToolResult result) {
        List<String> parts = new ArrayList<>();
        for (McpSchema.Content content : result.content()) {
            parts.add(switch (content) {
                case McpSchema.TextContent text -> text.text();
                case McpSchema.ImageContent image -> "[image " + image.mimeType() + ", " + bytes(image.data()) + " bytes]";
                case McpSchema.AudioContent audio -> "[audio " + audio.mimeType() + ", " + bytes(audio.data()) + " bytes]";
                case McpSchema.EmbeddedResource embedded -> switch (embedded.resource()) {
                    case McpSchema.TextResourceContents text -> text.text();
                    case McpSchema.BlobResourceContents blob -> "[resource " + blob.uri() + ", " + blob.mimeType()
                            + ", " + bytes(blob.blob()) + " bytes]";
                    default -> "[resource " + embedded.resource().uri() + "]";
                };
                case McpSchema.ResourceLink link -> "[resource " + link.uri() + (link.name() == null ? ""
                        : " (" + link.name() + ")") + "]";
                default -> "[" + content.type() + " content]";
            });
        }
        Object structured = result.structuredContent();
        String text = String.join("\n", parts);
        if (text.isEmpty() && structured != null) {
            text = write(structured);
        }
        if (Boolean.TRUE.equals(result.isError())) {
            return ToolResult.failure(SERVER_ERROR, text.isEmpty() ? "the tool failed and said nothing more" : text);
        }
        Map<String, Object> data = new LinkedHashMap<>();
        if (structured instanceof Map<?, ?> map) {
            map.forEach((k, v) -> {
                if (v != null) {
                    data.put(String.valueOf(k), v);
                }
            });
        } else if (structured != null) {
            data.put("result", structured);
        }
        return new ToolResult.Success(text, data);
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (IOException e) {
            return String.valueOf(value);
        }
    }

    private static int bytes(String base64) {
        try {
            return Base64.getDecoder().decode(base64).length;
        } catch (IllegalArgumentException e) {
            return base64.length();
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> withoutNulls(Map<String, Object> schema) {
        Map<String, Object> out = new LinkedHashMap<>();
        schema.forEach((key, value) -> {
            if (value instanceof Map<?, ?> map) {
                out.put(key, withoutNulls((Map<String, Object>) map));
            } else if (value instanceof List<?> list) {
                out.put(key, list.stream().filter(java.util.Objects::nonNull)
                        .map(v -> v instanceof Map<?, ?> m ? withoutNulls((Map<String, Object>) m) : v).toList());
            } else if (value != null) {
                out.put(key, value);
            }
        });
        return out;
    }
}
