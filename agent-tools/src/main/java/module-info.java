/** Built-in tools (files, search, shell, ...) and the permission system. Its built-ins are registered with {@code provides} and {@code META-INF/services}. */
module io.agentloop.tools {
    requires io.agentloop.api;
}
