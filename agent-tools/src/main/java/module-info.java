/**
 * The built-in tools: files ({@code read}, {@code write}, {@code edit}, {@code list},
 * {@code glob}, {@code grep}), {@code bash}, {@code python}, {@code system_info}, {@code batch},
 * {@code todo}, and {@code fetch} (off
 * by default: not registered, the launcher adds it when configured). They depend on the API
 * ({@code fetch} also on OkHttp); the workspace and the permission gate they run under are the
 * core's.
 */
module io.agentloop.tools {
    requires io.agentloop.api;
    requires okhttp3;
    requires jdk.management;

    exports io.agentloop.tools.web;
    exports io.agentloop.tools.shell;
    exports io.agentloop.tools.meta;

    provides io.agentloop.api.tool.Tool with
            io.agentloop.tools.file.ReadTool,
            io.agentloop.tools.file.WriteTool,
            io.agentloop.tools.file.EditTool,
            io.agentloop.tools.file.ListTool,
            io.agentloop.tools.file.GlobTool,
            io.agentloop.tools.file.GrepTool,
            io.agentloop.tools.shell.BashTool,
            io.agentloop.tools.shell.PythonTool,
            io.agentloop.tools.system.SystemInfoTool,
            io.agentloop.tools.batch.BatchTool,
            io.agentloop.tools.plan.TodoTool;
}
