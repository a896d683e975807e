/**
 * The built-in tools: files ({@code read}, {@code write}, {@code edit}, {@code list},
 * {@code glob}, {@code grep}), {@code bash}, {@code batch}, {@code todo}, and {@code fetch} (off
 * by default: not registered, the launcher adds it when configured). They depend on the API
 * ({@code fetch} also on OkHttp); the workspace and the permission gate they run under are the
 * core's.
 */
module io.agentloop.tools {
    requires io.agentloop.api;
    requires okhttp3;

    exports io.agentloop.tools.web;

    provides io.agentloop.api.tool.Tool with
            io.agentloop.tools.file.ReadTool,
            io.agentloop.tools.file.WriteTool,
            io.agentloop.tools.file.EditTool,
            io.agentloop.tools.file.ListTool,
            io.agentloop.tools.file.GlobTool,
            io.agentloop.tools.file.GrepTool,
            io.agentloop.tools.shell.BashTool,
            io.agentloop.tools.batch.BatchTool,
            io.agentloop.tools.plan.TodoTool;
}
