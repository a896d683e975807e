package io.agentloop.testkit;

import io.agentloop.api.hook.HookContext;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.tool.ToolArguments;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * A {@link HookContext} for testing a hook or an interceptor on its own: a run id, an iteration,
 * real attributes, {@link #arguments} parsed as the platform parses them, a redactor you choose
 * (none by default), and {@link #endRun} recorded instead of ending anything.
 *
 * <pre>{@code
 * FakeHookContext context = new FakeHookContext().iteration(3);
 * ToolCall changed = new MyHook().beforeActing(ToolCall.of("c1", "bash", "{\"command\":\"ls\"}"), context);
 * assertThat(context.ended()).isEmpty();
 * }</pre>
 */
public final class FakeHookContext implements HookContext {
    /** Whole numbers as {@code Long}, as the platform reads them. */
    private static final JsonMapper JSON = JsonMapper.builder().enable(DeserializationFeature.USE_LONG_FOR_INTS)
            .build();

    /** A call to {@link #endRun}. */
    public record EndedRun(TerminalReason reason, String why) {
    }

    private final Map<String, Object> attributes = new ConcurrentHashMap<>();
    private final List<EndedRun> ended = Collections.synchronizedList(new ArrayList<>());
    private String runId = "run-test";
    private volatile int iteration = 1;
    private UnaryOperator<String> redactor = UnaryOperator.identity();

    public FakeHookContext runId(String id) {
        this.runId = Objects.requireNonNull(id, "id");
        return this;
    }

    public FakeHookContext iteration(int n) {
        this.iteration = n;
        return this;
    }

    /** How {@link #redact} masks text (none by default). */
    public FakeHookContext redactor(UnaryOperator<String> redact) {
        this.redactor = Objects.requireNonNull(redact, "redact");
        return this;
    }

    @Override
    public String runId() {
        return runId;
    }

    @Override
    public int iteration() {
        return iteration;
    }

    @Override
    public Map<String, Object> attributes() {
        return attributes;
    }

    @Override
    public void endRun(TerminalReason reason, String why) {
        ended.add(new EndedRun(reason, why));
    }

    /** The first call to {@link #endRun}, as the platform keeps only the first. */
    public Optional<EndedRun> ended() {
        synchronized (ended) {
            return ended.stream().findFirst();
        }
    }

    @Override
    public String redact(String text) {
        return redactor.apply(text);
    }

    @Override
    public ToolArguments arguments(ToolCall call) {
        Object value;
        try {
            value = call.arguments().isBlank() ? Map.of() : JSON.readValue(call.arguments(), Object.class);
        } catch (JacksonException e) {
            throw new IllegalArgumentException("the arguments are not valid JSON: " + e.getOriginalMessage(), e);
        }
        if (!(value instanceof Map<?, ?> object)) {
            throw new IllegalArgumentException("the arguments are not a JSON object");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> values = (Map<String, Object>) withoutNulls(object);
        return new ToolArguments(values, call.arguments());
    }

    /** JSON null inside an object is left out, as the platform leaves it out. */
    private static Object withoutNulls(Object value) {
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> kept = new LinkedHashMap<>();
            map.forEach((key, element) -> {
                if (element != null) {
                    kept.put(key, withoutNulls(element));
                }
            });
            return Collections.unmodifiableMap(kept);
        }
        if (value instanceof List<?> list) {
            List<Object> kept = new ArrayList<>(list.size());
            list.forEach(element -> kept.add(withoutNulls(element)));
            return Collections.unmodifiableList(kept);
        }
        return value;
    }
}
