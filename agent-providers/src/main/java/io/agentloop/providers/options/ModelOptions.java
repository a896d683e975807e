package io.agentloop.providers.options;

import io.agentloop.api.AgentException;
import io.agentloop.api.model.ChatOptions;
import io.agentloop.api.setting.Setting;
import io.agentloop.providers.http.ProviderSettings;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The model options a provider's settings may fix for every call ({@code providers.<id>.temperature},
 * {@code top-p}, {@code max-tokens}, {@code stop}, {@code seed}, {@code reasoning-effort}), read into
 * {@link ChatOptions} that each call's own options override ({@link ChatOptions#orElse}). Each
 * provider offers the ones its API has, and declares them with the HTTP settings for the launcher to
 * check ({@link #settings}).
 */
public enum ModelOptions {
    TEMPERATURE(Setting.number("temperature", "sampling temperature; lower is more focused")),
    TOP_P(Setting.number("top-p", "nucleus sampling: sample from the likeliest tokens whose probabilities add up to this")),
    MAX_TOKENS(Setting.wholeNumber("max-tokens", "the most tokens one answer may have")),
    STOP(Setting.list("stop", "sequences that end the answer where they would appear")),
    SEED(Setting.wholeNumber("seed", "a seed for sampling, for repeatable answers")),
    REASONING_EFFORT(Setting.text("reasoning-effort", "how hard a reasoning model thinks (low, medium, high)"));

    /** The HTTP settings every HTTP provider reads ({@link ProviderSettings}). */
    public static final List<Setting> HTTP = List.of(
            Setting.text("base-url", "where the API is"),
            Setting.text("api-key", "the API key (else the provider's environment variable)"),
            Setting.duration("connect-timeout", "the longest wait for a connection").withDefault("10s"),
            Setting.duration("read-timeout", "the longest silence inside a response").withDefault("120s"),
            Setting.duration("call-timeout", "the longest a whole call may take").withDefault("none"),
            Setting.bool("stream", "stream answers as they are written").withDefault("true"),
            Setting.wholeNumber("max-connections", "the calls expected at once: that many connections are kept open for reuse")
                    .withDefault(String.valueOf(ProviderSettings.DEFAULT_MAX_CONNECTIONS)),
            Setting.text("max-event-size", "the largest line or event of a streamed response (512kb, 16mb)")
                    .withDefault("16mb"),
            Setting.text("max-response-size", "the largest response that is not streamed").withDefault("64mb"),
            Setting.text("header.*", "an extra header sent with every request (header.X-Title: ...)"));

    private final Setting setting;

    ModelOptions(Setting setting) {
        this.setting = setting;
    }

    public Setting setting() {
        return setting;
    }

    /** The HTTP settings, these options, then the provider's own {@code extra} ones. */
    public static List<Setting> settings(List<ModelOptions> offered, Setting... extra) {
        List<Setting> settings = new ArrayList<>(HTTP);
        offered.forEach(option -> settings.add(option.setting));
        settings.addAll(Arrays.asList(extra));
        return List.copyOf(settings);
    }

    /** The option of this setting name ({@code top-p}), if there is one. */
    public static Optional<ModelOptions> named(String key) {
        return Arrays.stream(values()).filter(option -> option.setting.name().equals(key)).findFirst();
    }

    /**
     * {@code options} with this option set from its text ({@code 0.2}, {@code END, STOP}).
     *
     * @throws AgentException naming the setting when the text is not of its type
     */
    public ChatOptions set(ChatOptions options, String text) {
        String value = text.strip();
        setting.mismatch(value).ifPresent(expected -> {
            throw new AgentException("setting " + setting.name() + "='" + text + "' must be " + expected);
        });
        return switch (this) {
            case TEMPERATURE -> options.withTemperature(Double.parseDouble(value));
            case TOP_P -> options.withTopP(Double.parseDouble(value));
            case MAX_TOKENS -> options.withMaxTokens(Integer.parseInt(value));
            case STOP -> options.withStop(Arrays.stream(value.split(",")).map(String::strip)
                    .filter(s -> !s.isEmpty()).toList());
            case SEED -> options.withSeed(Long.parseLong(value));
            case REASONING_EFFORT -> options.withReasoningEffort(value.toLowerCase(Locale.ROOT));
        };
    }

    /** The options {@code options} sets. */
    public static List<ModelOptions> setIn(ChatOptions options) {
        return Arrays.stream(values()).filter(option -> switch (option) {
            case TEMPERATURE -> options.temperature().isPresent();
            case TOP_P -> options.topP().isPresent();
            case MAX_TOKENS -> options.maxTokens().isPresent();
            case STOP -> !options.stop().isEmpty();
            case SEED -> options.seed().isPresent();
            case REASONING_EFFORT -> options.reasoningEffort().isPresent();
        }).toList();
    }
}
