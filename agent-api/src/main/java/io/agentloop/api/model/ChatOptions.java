package io.agentloop.api.model;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Per-call options. Empty values mean "the provider's default" (its configured setting, else the
 * API's own). A provider whose API lacks an option leaves it out of the request: Anthropic and the
 * Responses API take no {@code seed}, the Responses API no {@code stop}.
 *
 * <pre>{@code
 * ChatOptions careful = ChatOptions.DEFAULTS.withTemperature(0.2).withMaxTokens(2000).withStop(List.of("END"));
 * }</pre>
 *
 * @param temperature sampling temperature
 * @param maxTokens   the most output tokens
 * @param toolChoice  whether tools may, must or must not be called
 * @param responseSchema the JSON Schema the answer's text must be a JSON value of, or empty for
 *                    free text. Providers whose API or runtime can constrain output do ({@code
 *                    ollama}: {@code format}; {@code llamacpp}: a grammar; {@code openai}: {@code
 *                    response_format}); the others rely on what the prompt says.
 * @param topP        nucleus sampling: only the most likely tokens whose probabilities add up to this
 * @param stop        sequences that end the answer where they would appear; never null, copied
 * @param seed        a seed for sampling, for repeatable answers where the provider offers them
 * @param reasoningEffort how hard a reasoning model thinks ({@code low}, {@code medium}, {@code high}
 *                    for OpenAI's models), passed on as given
 * @param stream      whether the provider is asked to send the answer as it is written ({@code true}:
 *                    deltas as they come) or whole ({@code false}: the answer's events all at once when
 *                    it is done); empty for the model's {@code stream} setting. Either way the call is
 *                    read as a {@link ModelStream}. A run chooses it for its calls
 *                    ({@code RunRequest.withStreaming} in the core).
 */
public record ChatOptions(OptionalDouble temperature, OptionalInt maxTokens, ToolChoice toolChoice,
                          Optional<Map<String, Object>> responseSchema, OptionalDouble topP, List<String> stop,
                          OptionalLong seed, Optional<String> reasoningEffort, Optional<Boolean> stream) {
    public static final ChatOptions DEFAULTS =
            new ChatOptions(OptionalDouble.empty(), OptionalInt.empty(), ToolChoice.AUTO);

    public ChatOptions {
        Objects.requireNonNull(temperature, "temperature");
        Objects.requireNonNull(maxTokens, "maxTokens");
        Objects.requireNonNull(toolChoice, "toolChoice");
        responseSchema = responseSchema.map(Map::copyOf);
        Objects.requireNonNull(topP, "topP");
        stop = List.copyOf(stop);
        Objects.requireNonNull(seed, "seed");
        Objects.requireNonNull(reasoningEffort, "reasoningEffort");
        Objects.requireNonNull(stream, "stream");
    }

    /** Options that leave streaming to the model's setting. */
    public ChatOptions(OptionalDouble temperature, OptionalInt maxTokens, ToolChoice toolChoice,
                       Optional<Map<String, Object>> responseSchema, OptionalDouble topP, List<String> stop,
                       OptionalLong seed, Optional<String> reasoningEffort) {
        this(temperature, maxTokens, toolChoice, responseSchema, topP, stop, seed, reasoningEffort, Optional.empty());
    }

    /** Options with a response schema and no further sampling options. */
    public ChatOptions(OptionalDouble temperature, OptionalInt maxTokens, ToolChoice toolChoice,
                       Optional<Map<String, Object>> responseSchema) {
        this(temperature, maxTokens, toolChoice, responseSchema, OptionalDouble.empty(), List.of(),
                OptionalLong.empty(), Optional.empty());
    }

    /** Options with free-text answers. */
    public ChatOptions(OptionalDouble temperature, OptionalInt maxTokens, ToolChoice toolChoice) {
        this(temperature, maxTokens, toolChoice, Optional.empty());
    }

    public ChatOptions withTemperature(double value) {
        return new ChatOptions(OptionalDouble.of(value), maxTokens, toolChoice, responseSchema, topP, stop, seed,
                reasoningEffort, stream);
    }

    public ChatOptions withMaxTokens(int value) {
        return new ChatOptions(temperature, OptionalInt.of(value), toolChoice, responseSchema, topP, stop, seed,
                reasoningEffort, stream);
    }

    public ChatOptions withToolChoice(ToolChoice value) {
        return new ChatOptions(temperature, maxTokens, value, responseSchema, topP, stop, seed, reasoningEffort, stream);
    }

    /** The JSON Schema the answer must match ({@link #responseSchema()}). */
    public ChatOptions withResponseSchema(Map<String, Object> schema) {
        return new ChatOptions(temperature, maxTokens, toolChoice, Optional.of(schema), topP, stop, seed,
                reasoningEffort, stream);
    }

    public ChatOptions withTopP(double value) {
        return new ChatOptions(temperature, maxTokens, toolChoice, responseSchema, OptionalDouble.of(value), stop, seed,
                reasoningEffort, stream);
    }

    public ChatOptions withStop(List<String> value) {
        return new ChatOptions(temperature, maxTokens, toolChoice, responseSchema, topP, value, seed, reasoningEffort,
                stream);
    }

    public ChatOptions withSeed(long value) {
        return new ChatOptions(temperature, maxTokens, toolChoice, responseSchema, topP, stop, OptionalLong.of(value),
                reasoningEffort, stream);
    }

    public ChatOptions withReasoningEffort(String value) {
        return new ChatOptions(temperature, maxTokens, toolChoice, responseSchema, topP, stop, seed,
                Optional.of(value), stream);
    }

    /** Whether the answer is streamed as it is written ({@link #stream()}). */
    public ChatOptions withStream(boolean value) {
        return new ChatOptions(temperature, maxTokens, toolChoice, responseSchema, topP, stop, seed, reasoningEffort,
                Optional.of(value));
    }

    /**
     * These options, with every sampling option left empty here taken from {@code defaults} (a
     * provider's configured settings); the tool choice and the response schema are this call's.
     */
    public ChatOptions orElse(ChatOptions defaults) {
        return new ChatOptions(temperature.isPresent() ? temperature : defaults.temperature,
                maxTokens.isPresent() ? maxTokens : defaults.maxTokens, toolChoice, responseSchema,
                topP.isPresent() ? topP : defaults.topP, stop.isEmpty() ? defaults.stop : stop,
                seed.isPresent() ? seed : defaults.seed, reasoningEffort.or(() -> defaults.reasoningEffort),
                stream.isPresent() ? stream : defaults.stream);
    }
}
