package io.agentloop.spring;

import io.agentloop.api.model.ChatOptions;
import io.agentloop.api.run.RunOptions;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.core.permission.PermissionPolicy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The agent's configuration under {@code agentloop.*} in {@code application.yaml}: the keys of the
 * launcher's {@code agentloop.yaml} that make sense in an application (the launcher's file is the
 * reference; a key of it not here is not read). A value left out keeps the library's default, not the
 * launcher's: the launcher's longer timeouts and its {@code ask} mode suit a person at a terminal.
 *
 * <pre>{@code
 * agentloop:
 *   provider: openai
 *   model: gpt-4.1-mini
 *   providers:
 *     openai:
 *       base-url: http://localhost:11434/v1
 *   run:
 *     system: You answer questions about orders.
 *     max-iterations: 8
 *     timeout: 2m
 * }</pre>
 *
 * @param provider    the model provider's id ({@code openai}, {@code anthropic}, {@code gemini},
 *                    {@code ollama}, {@code openai-responses}, or a plugin's); needed unless the
 *                    application has a {@code ChatModel} bean of its own
 * @param model       the provider's model name
 * @param providers   each provider's own settings ({@code providers.openai.base-url}...), as the
 *                    provider documents them
 * @param run         the loop's limits, its system prompt and the model options of every call
 * @param permissions which tool calls run ({@code permissions.mode|allow|ask|deny})
 * @param tools       tools to leave out by name
 * @param plugins     plugin folders, plugins to leave out ({@code plugins.<id>.<key>}, each plugin's
 *                    own settings, are read beside these)
 * @param workspace   the folder file and command tools work in
 */
@ConfigurationProperties("agentloop")
public record AgentloopProperties(String provider, String model, Map<String, Map<String, String>> providers,
                                  @DefaultValue Run run, @DefaultValue Permissions permissions,
                                  @DefaultValue Tools tools, @DefaultValue Plugins plugins,
                                  @DefaultValue Workspace workspace) {
    public AgentloopProperties {
        providers = providers == null ? Map.of() : Map.copyOf(providers);
    }

    /** The settings of the configured provider ({@code providers.<provider>.*}); empty when there are none. */
    public Map<String, String> providerSettings() {
        return provider == null ? Map.of() : providers.getOrDefault(provider, Map.of());
    }

    /**
     * {@code run.*}: each value left out (null) keeps {@link RunOptions#DEFAULTS} or
     * {@link ChatOptions#DEFAULTS}. Durations are written as Spring reads them: {@code 500ms},
     * {@code 30s}, {@code 2m}, {@code 1h} or ISO {@code PT30S}.
     */
    public record Run(Integer maxIterations, String system, String systemAppend, Duration iterationTimeout,
                      Duration timeout, Duration toolTimeout, Integer maxRetries, Duration retryDelay,
                      Duration retryMaxDelay, Integer stuckThreshold, Boolean parallelTools, Boolean finalSummary,
                      Integer outputRetries, Double temperature, Double topP, Integer maxTokens, List<String> stop,
                      Long seed, String reasoningEffort) {
        public Run {
            stop = stop == null ? List.of() : List.copyOf(stop);
        }

        /** The system prompt: {@code system}, then {@code system-append} after a blank line; empty when neither is set. */
        public Optional<String> systemPrompt() {
            if (system == null) {
                return Optional.ofNullable(systemAppend);
            }
            return Optional.of(systemAppend == null ? system : system + "\n\n" + systemAppend);
        }

        /**
         * The loop's limits.
         *
         * @throws IllegalArgumentException naming the {@code agentloop.run.*} key whose value the loop refuses
         */
        public RunOptions options() {
            RunOptions.Builder options = RunOptions.DEFAULTS.toBuilder();
            set(maxIterations, options::maxIterations);
            set(iterationTimeout, options::iterationTimeout);
            set(timeout, options::runTimeout);
            set(toolTimeout, options::toolTimeout);
            set(maxRetries, options::maxRetries);
            if (retryDelay != null || retryMaxDelay != null) {
                options.retryDelays(retryDelay != null ? retryDelay : RunOptions.DEFAULTS.retryInitialDelay(),
                        retryMaxDelay != null ? retryMaxDelay : RunOptions.DEFAULTS.retryMaxDelay());
            }
            set(stuckThreshold, options::stuckThreshold);
            set(parallelTools, options::parallelToolCalls);
            set(finalSummary, options::finalSummary);
            set(outputRetries, options::outputRetries);
            try {
                return options.build();
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("agentloop.run: " + e.getMessage(), e);
            }
        }

        /** The model options every call of a run is sent, over what the provider's settings fix. */
        public ChatOptions chatOptions() {
            ChatOptions options = ChatOptions.DEFAULTS;
            if (temperature != null) {
                options = options.withTemperature(temperature);
            }
            if (topP != null) {
                options = options.withTopP(topP);
            }
            if (maxTokens != null) {
                options = options.withMaxTokens(maxTokens);
            }
            if (!stop.isEmpty()) {
                options = options.withStop(stop);
            }
            if (seed != null) {
                options = options.withSeed(seed);
            }
            if (reasoningEffort != null) {
                options = options.withReasoningEffort(reasoningEffort.strip().toLowerCase(Locale.ROOT));
            }
            return options;
        }

        private static <T> void set(T value, Consumer<T> setter) {
            if (value != null) {
                setter.accept(value);
            }
        }
    }

    /**
     * {@code permissions.*}: the mode ({@code ask}, {@code edit}, {@code auto}, {@code yes}...) and
     * the rules, as in the launcher's file. A mode left out is the library's ({@code yes}: the tools
     * registered run unless a rule or the workspace says otherwise).
     */
    public record Permissions(String mode, List<String> allow, List<String> ask, List<String> deny) {
        /** What a refused call tells the model and the events: where this application changes it. */
        static final String ADVICE = "What this agent may do is set in the application's configuration: "
                + "agentloop.permissions.mode, .allow, .ask and .deny, agentloop.workspace.root, "
                + "or an AgentBuilderCustomizer bean (Agent.Builder#permissions, #approver)";

        public Permissions {
            allow = allow == null ? List.of() : List.copyOf(allow);
            ask = ask == null ? List.of() : List.copyOf(ask);
            deny = deny == null ? List.of() : List.copyOf(deny);
        }

        /**
         * The configured policy, the library's default when nothing is configured.
         *
         * @throws IllegalArgumentException naming the rule or mode that is not one
         */
        public PermissionPolicy policy() {
            try {
                PermissionMode chosen = mode == null ? PermissionMode.YES : PermissionMode.parse(mode.strip());
                return PermissionPolicy.of(allow, ask, deny).withMode(chosen).withAdvice(ADVICE);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("agentloop.permissions: " + e.getMessage(), e);
            }
        }
    }

    /** {@code tools.disabled}: names of tools the agent is not given, whether from beans, plugins or the class path. */
    public record Tools(List<String> disabled) {
        public Tools {
            disabled = disabled == null ? List.of() : List.copyOf(disabled);
        }
    }

    /** {@code plugins.folders} (searched in order) and {@code plugins.disabled} (plugin ids not loaded). */
    public record Plugins(List<Path> folders, List<String> disabled) {
        public Plugins {
            folders = folders == null ? List.of() : List.copyOf(folders);
            disabled = disabled == null ? List.of() : List.copyOf(disabled);
        }
    }

    /** {@code workspace.root}: the folder file and command tools work in (default: the library's, the current folder). */
    public record Workspace(Path root) {
    }
}
