package io.agentloop.spring;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import io.agentloop.api.message.Usage;
import io.agentloop.api.run.RunResult;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.Locale;

/**
 * The agent's runs as Micrometer meters, recorded from its events:
 * <ul>
 * <li>{@code agentloop.runs} (timer): each run's duration, tagged {@code outcome}: the terminal
 * reason in lower case ({@code answered}, {@code max_iterations}...) or {@code failed};</li>
 * <li>{@code agentloop.tool.calls} (timer): each tool call, tagged {@code tool} and {@code ok};</li>
 * <li>{@code agentloop.tokens} (counter): the tokens of the runs' model calls, tagged {@code type}
 * ({@code input}, {@code output}).</li>
 * </ul>
 * Sub-agents' events are left out: their tokens come to the parent run as a tool's.
 */
public final class AgentloopMetrics implements AgentListener {
    private final MeterRegistry registry;
    private final Counter inputTokens;
    private final Counter outputTokens;

    public AgentloopMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.inputTokens = Counter.builder("agentloop.tokens").tag("type", "input")
                .description("Tokens sent to the model").register(registry);
        this.outputTokens = Counter.builder("agentloop.tokens").tag("type", "output")
                .description("Tokens the model wrote").register(registry);
    }

    @Override
    public void onEvent(AgentEvent event) {
        switch (event) {
            case AgentEvent.RunCompleted(RunResult result) -> Timer.builder("agentloop.runs")
                    .description("Agent runs, by how they ended")
                    .tag("outcome", result.reason().map(r -> r.name().toLowerCase(Locale.ROOT)).orElse("failed"))
                    .register(registry).record(result.duration());
            case AgentEvent.ToolCallCompleted completed -> Timer.builder("agentloop.tool.calls")
                    .description("Tool calls, by tool and whether they succeeded")
                    .tag("tool", completed.name()).tag("ok", Boolean.toString(completed.ok()))
                    .register(registry).record(completed.duration());
            case AgentEvent.UsageUpdated(Usage call, Usage total, AgentEvent.UsageUpdated.Source source)
                    when source == AgentEvent.UsageUpdated.Source.MODEL_CALL -> {
                inputTokens.increment(call.inputTokens());
                outputTokens.increment(call.outputTokens());
            }
            default -> {
            }
        }
    }
}
