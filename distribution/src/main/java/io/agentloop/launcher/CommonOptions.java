package io.agentloop.launcher;

import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/** The options every command takes; set ones override the configuration files and environment. */
final class CommonOptions {
    @Option(names = "--provider", paramLabel = "ID", description = "Model provider (openai, anthropic, gemini, "
            + "ollama, openai-responses, or one from a plugin).")
    String provider;

    @Option(names = "--model", paramLabel = "NAME", description = "Model name, as the provider knows it.")
    String model;

    @Option(names = "--max-iterations", paramLabel = "N", description = "Model calls before the run stops (default 10).")
    Integer maxIterations;

    @Option(names = "--system", paramLabel = "TEXT", description = "System prompt.")
    String system;

    @Option(names = "--json", description = "Print one JSON event per line, for scripts.")
    boolean json;

    @Option(names = {"-y", "--yes"}, description = "Allow every tool call that would ask for approval, without "
            + "asking (deny rules and the workspace limits still apply). Says so loudly.")
    boolean yes;

    @Option(names = {"-v", "--verbose"}, description = "Log debug details to stderr.")
    boolean verbose;

    /** The flags given, as configuration keys. */
    Map<String, String> asConfig() {
        Map<String, String> flags = new LinkedHashMap<>();
        flags.put("provider", provider);
        flags.put("model", model);
        flags.put("run.max-iterations", maxIterations == null ? null : maxIterations.toString());
        flags.put("run.system", system);
        return flags;
    }
}
