package io.agentloop.launcher;

import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** The options every command takes; set ones override the configuration files and environment. */
final class CommonOptions {
    String provider;
    String model;
    Integer maxIterations;
    String iterationTimeout;
    String runTimeout;
    String toolTimeout;
    Integer maxRetries;
    String system;
    boolean json;
    String mode;
    boolean yes;
    boolean verbose;
    String color;
    boolean hideReasoning;
    String temperature;
    Integer maxTokens;

    /** Adds these options to a command. */
    void addTo(CommandSpec spec) {
        spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true).description("Show this help and exit.")
                .build());
        spec.addOption(Cli.option(String.class, "ID", "Model provider (openai, anthropic, gemini, ollama, "
                + "openai-responses, or one from a plugin).", () -> provider, v -> provider = v, "--provider"));
        spec.addOption(Cli.option(String.class, "NAME", "Model name, as the provider knows it.", () -> model,
                v -> model = v, "--model"));
        spec.addOption(Cli.option(Integer.class, "N", "Model calls before the run stops (default 10).",
                () -> maxIterations, v -> maxIterations = v, "--max-iterations"));
        spec.addOption(Cli.option(String.class, "DURATION", "Time for one model call and its tools (default 15m; "
                + "500ms, 30s, 2m...).", () -> iterationTimeout, v -> iterationTimeout = v, "--iteration-timeout"));
        spec.addOption(Cli.option(String.class, "DURATION", "Time for the whole run (default none).", () -> runTimeout,
                v -> runTimeout = v, "--timeout"));
        spec.addOption(Cli.option(String.class, "DURATION", "Time for one tool call (default 11m).", () -> toolTimeout,
                v -> toolTimeout = v, "--tool-timeout"));
        spec.addOption(Cli.option(Integer.class, "N", "Retries of a model call after a retryable error (default 3).",
                () -> maxRetries, v -> maxRetries = v, "--max-retries"));
        spec.addOption(Cli.option(String.class, "NUMBER", "Sampling temperature of every model call (default: the "
                + "provider's).", () -> temperature, v -> temperature = v, "--temperature"));
        spec.addOption(Cli.option(Integer.class, "N", "The most tokens one answer may have (default: the provider's).",
                () -> maxTokens, v -> maxTokens = v, "--max-tokens"));
        spec.addOption(Cli.option(String.class, "TEXT", "System prompt.", () -> system, v -> system = v,
                "--system"));
        spec.addOption(Cli.flag("Print one JSON event per line, for scripts.", () -> json, v -> json = v, "--json"));
        spec.addOption(Cli.option(String.class, "MODE", "Permission mode: ask (writes and commands ask; the default), "
                + "edit (edits in the workspace run, commands ask), auto (edits and sandboxed commands run), yes (as "
                + "--yes).", () -> mode, v -> mode = v, "--mode"));
        spec.addOption(Cli.flag("Mode yes: every tool call that would ask runs without asking (deny rules, the "
                + "workspace limits and the command sandbox still apply). Says so loudly.", () -> yes, v -> yes = v,
                "-y", "--yes"));
        spec.addOption(Cli.option(String.class, "WHEN", "Colours: auto (on a terminal unless NO_COLOR is set; the "
                + "default), always or never.", () -> color, v -> color = v, "--color"));
        spec.addOption(Cli.flag("Do not show the model's reasoning (shown dimmed on a terminal otherwise).",
                () -> hideReasoning, v -> hideReasoning = v, "--hide-reasoning"));
        spec.addOption(Cli.flag("Log debug details to stderr.", () -> verbose, v -> verbose = v, "-v",
                "--verbose"));
    }

    /** The flags given, as configuration keys. */
    Map<String, String> asConfig() {
        Map<String, String> flags = new LinkedHashMap<>();
        flags.put("provider", provider);
        flags.put("model", model);
        flags.put("run.max-iterations", maxIterations == null ? null : maxIterations.toString());
        flags.put("run.system", system);
        flags.put("run.temperature", temperature);
        flags.put("run.max-tokens", maxTokens == null ? null : maxTokens.toString());
        flags.put("run.iteration-timeout", iterationTimeout);
        flags.put("run.timeout", runTimeout);
        flags.put("run.tool-timeout", toolTimeout);
        flags.put("run.max-retries", maxRetries == null ? null : maxRetries.toString());
        flags.put("permissions.mode", yes ? "yes" : mode);
        flags.put("output.color", color);
        flags.put("output.reasoning", hideReasoning ? "false" : null);
        return flags;
    }
}
