/** Built-in hooks: tracing, usage and cost accounting, loop and budget guards, redaction. Its built-ins are registered with {@code provides} and {@code META-INF/services}. */
module io.agentloop.hooks {
    requires io.agentloop.api;
}
