package io.agentloop.providers.http;

import io.agentloop.api.AgentException;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatOptions;
import io.agentloop.api.model.ToolChoice;
import io.agentloop.api.setting.Setting;
import io.agentloop.providers.options.ModelOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import okhttp3.HttpUrl;

/**
 * What every HTTP model's builder takes: the model, where the API is, its key, timeouts, the
 * connection pool, size limits, extra headers and the options sent with every call. A provider's
 * builder adds its own settings and says how the model is made ({@link #build()}).
 *
 * <p>There are two ways in, one way out: the typed setters, and {@link #settings(Map)}, the map form
 * the launcher's file and {@link io.agentloop.api.model.ModelProvider#create} use, which reads each
 * text value and calls the same setter. Both end in one {@link ProviderSettings}. A setter given a
 * value that cannot be one (a negative timeout, no connections) throws {@link IllegalArgumentException}
 * naming the setting; the map form throws {@link AgentException} for a key it does not know, naming the
 * known ones, and for a text that is not of the setting's type. Not thread-safe; the model it builds is.
 *
 * @param <B> the provider's builder, returned by every setter
 */
public abstract class HttpModelBuilder<B extends HttpModelBuilder<B>> {
    private final ProviderInfo info;
    private final String defaultBaseUrl;
    private final String baseUrlVariable;
    private final List<ModelOptions> offered;
    private final List<Setting> declared;
    private UnaryOperator<String> env = System::getenv;
    private String model;
    private Optional<String> baseUrl = Optional.empty();
    private Optional<String> apiKey = Optional.empty();
    private Duration connectTimeout = Duration.ofSeconds(10);
    private Duration readTimeout = Duration.ofSeconds(120);
    private Optional<Duration> callTimeout = Optional.empty();
    private boolean stream = true;
    private int maxConnections = ProviderSettings.DEFAULT_MAX_CONNECTIONS;
    private long maxEventSize = ProviderSettings.DEFAULT_MAX_EVENT_SIZE;
    private long maxResponseSize = ProviderSettings.DEFAULT_MAX_RESPONSE_SIZE;
    private final Map<String, String> headers = new LinkedHashMap<>();
    private ChatOptions defaultOptions = ChatOptions.DEFAULTS;

    /**
     * @param defaultBaseUrl  where the provider's own service is
     * @param baseUrlVariable the environment variable that may say otherwise
     * @param offered         the model options the API has
     * @param declared        every key of the map form, as the provider declares them
     */
    protected HttpModelBuilder(ProviderInfo info, String defaultBaseUrl, String baseUrlVariable,
                               List<ModelOptions> offered, List<Setting> declared) {
        this.info = info;
        this.defaultBaseUrl = defaultBaseUrl;
        this.baseUrlVariable = baseUrlVariable;
        this.offered = List.copyOf(offered);
        this.declared = List.copyOf(declared);
    }

    @SuppressWarnings("unchecked")
    private B self() {
        return (B) this;
    }

    /** The model's name as the API knows it ({@code gpt-4.1-mini}); required. */
    public B model(String model) {
        this.model = nonBlank("model", model);
        return self();
    }

    /** Where the API is ({@code http://localhost:8000/v1}); else the provider's variable, else its own service. */
    public B baseUrl(String baseUrl) {
        this.baseUrl = Optional.of(nonBlank("base-url", baseUrl));
        return self();
    }

    /** The API key; else the provider's environment variable. */
    public B apiKey(String apiKey) {
        this.apiKey = Optional.of(nonBlank("api-key", apiKey));
        return self();
    }

    /** The longest wait for a connection (10 s); zero waits without limit. */
    public B connectTimeout(Duration timeout) {
        this.connectTimeout = notNegative("connect-timeout", timeout);
        return self();
    }

    /** The longest silence inside a response (120 s); zero waits without limit. */
    public B readTimeout(Duration timeout) {
        this.readTimeout = notNegative("read-timeout", timeout);
        return self();
    }

    /** The longest a whole call may take (no limit unless set); zero is no limit. */
    public B callTimeout(Duration timeout) {
        Duration checked = notNegative("call-timeout", timeout);
        this.callTimeout = checked.isZero() ? Optional.empty() : Optional.of(checked);
        return self();
    }

    /** Whether answers stream in as they are written (true) or come whole. */
    public B stream(boolean stream) {
        this.stream = stream;
        return self();
    }

    /**
     * The calls expected at once ({@value ProviderSettings#DEFAULT_MAX_CONNECTIONS}): that many
     * connections are kept open for reuse between calls, each closed after 5 idle minutes. More calls
     * than this still run, but the connections beyond it are closed after each call and opened again.
     */
    public B maxConnections(int calls) {
        if (calls < 1) {
            throw new IllegalArgumentException("max-connections must be at least 1 (the calls expected at once), not "
                    + calls);
        }
        this.maxConnections = calls;
        return self();
    }

    /** The largest line or event of a streamed response, in bytes (16 MB), at most 1 GB. */
    public B maxEventSize(long bytes) {
        this.maxEventSize = ProviderSettings.checkedSize("max-event-size", bytes);
        return self();
    }

    /** The largest response that is not streamed, in bytes (64 MB), at most 1 GB. */
    public B maxResponseSize(long bytes) {
        this.maxResponseSize = ProviderSettings.checkedSize("max-response-size", bytes);
        return self();
    }

    /** A header sent with every request ({@code X-Title}); one of the same name set before is replaced. */
    public B header(String name, String value) {
        headers.put(nonBlank("header name", name), Objects.requireNonNull(value, "the value of header " + name));
        return self();
    }

    /**
     * Options sent with every call that sets none itself (a call's own always win): of the sampling
     * options, only those the API has; a tool choice or response schema is a call's own, not set here.
     */
    public B defaultOptions(ChatOptions options) {
        List<String> refused = new ArrayList<>(ModelOptions.setIn(Objects.requireNonNull(options, "options")).stream()
                .filter(option -> !offered.contains(option)).map(option -> option.setting().name()).toList());
        if (options.toolChoice() != ToolChoice.AUTO || options.responseSchema().isPresent()) {
            refused.add("tool choice and response schema (they belong to a call)");
        }
        if (!refused.isEmpty()) {
            throw new IllegalArgumentException(info.id() + " does not take " + String.join(", ", refused)
                    + " as default options; it takes " + String.join(", ", offered.stream()
                    .map(option -> option.setting().name()).toList()));
        }
        this.defaultOptions = options;
        return self();
    }

    /** Where environment variables (keys, base URLs) are read: {@link System#getenv} unless set. */
    public B environment(UnaryOperator<String> env) {
        this.env = Objects.requireNonNull(env, "env");
        return self();
    }

    /**
     * The map form: each setting as the launcher's file writes it ({@code read-timeout: 30s}),
     * applied through the typed setters.
     *
     * @throws AgentException naming a key the provider does not know, with the ones it does; or a
     *         value that is not of its setting's type
     */
    public B settings(Map<String, String> settings) {
        Map<String, String> sorted = new TreeMap<>(settings);
        List<String> unknown = sorted.keySet().stream()
                .filter(key -> declared.stream().noneMatch(setting -> setting.matches(key))).toList();
        if (!unknown.isEmpty()) {
            throw new AgentException(info.id() + ": unknown setting" + (unknown.size() == 1 ? " '" : "s '")
                    + String.join("', '", unknown) + "'; known settings: "
                    + String.join(", ", declared.stream().map(Setting::name).toList()));
        }
        sorted.forEach((key, value) -> {
            try {
                set(key, value);
            } catch (IllegalArgumentException e) {
                // The setter's message names the setting; the value is left out, as it may be a key or a header's secret.
                throw new AgentException(info.id() + ": " + e.getMessage(), e);
            }
        });
        return self();
    }

    /**
     * Applies one setting of the map form. A provider's builder handles its own keys and hands the
     * others here.
     */
    protected void set(String key, String value) {
        String v = value.strip();
        switch (key) {
            case "base-url" -> baseUrl(value);
            case "api-key" -> {
                // An empty key (a variable substituted into the file that was not set) is no key.
                if (!v.isEmpty()) {
                    apiKey(v);
                }
            }
            case "connect-timeout" -> connectTimeout(ProviderSettings.parseDuration(key, v));
            case "read-timeout" -> readTimeout(ProviderSettings.parseDuration(key, v));
            case "call-timeout" -> callTimeout(ProviderSettings.parseDuration(key, v));
            case "stream" -> stream(bool(key, v));
            case "max-connections" -> maxConnections(ProviderSettings.positiveInt(key, v));
            case "max-event-size" -> maxEventSize(ProviderSettings.size(key, v));
            case "max-response-size" -> maxResponseSize(ProviderSettings.size(key, v));
            default -> {
                if (key.startsWith("header.")) {
                    header(key.substring("header.".length()), value);
                    return;
                }
                if (v.isEmpty()) {
                    return; // an option left empty is not set
                }
                ModelOptions option = ModelOptions.named(key).filter(offered::contains).orElseThrow(() ->
                        new IllegalStateException(info.id() + " declares the setting " + key + " but does not read it"));
                defaultOptions = option.set(defaultOptions, v);
            }
        }
    }

    /** {@code true} or {@code false}, nothing else (a typo must not read as false). */
    protected static boolean bool(String key, String value) {
        if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(value);
        }
        throw new AgentException("setting " + key + "='" + value + "' must be true or false");
    }

    /** A whole number written in the map form, or an error naming the setting. */
    protected static int wholeNumber(String key, String value) {
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new AgentException("setting " + key + "='" + value + "' must be a whole number");
        }
    }

    /** Builds the model; the key comes from the environment when not set. */
    public abstract ChatModel build();

    /** The model's name, or a clear error when none was given. */
    protected final String modelName() {
        if (model == null) {
            throw new IllegalArgumentException(info.id() + ": no model is set; name one with model(\"...\")");
        }
        return model;
    }

    protected final ChatOptions defaultOptions() {
        return defaultOptions;
    }

    protected final ProviderInfo info() {
        return info;
    }

    protected final UnaryOperator<String> env() {
        return env;
    }

    /** The base URL from the environment when none is set (Ollama adds the scheme its variable may lack). */
    protected Optional<String> environmentBaseUrl(String variable) {
        return Optional.ofNullable(env.apply(variable)).filter(v -> !v.isBlank());
    }

    /**
     * The HTTP settings in effect: the base URL (given, else the provider's variable, else its own
     * service) checked to be an http or https URL, and the key given or else from the environment.
     *
     * @throws AgentException when the base URL is not one
     */
    protected final ProviderSettings httpSettings() {
        String given = baseUrl.or(() -> environmentBaseUrl(baseUrlVariable)).orElse(defaultBaseUrl);
        String url = given.strip();
        while (url.endsWith("/")) {
            url = url.substring(0, url.length() - 1);
        }
        String setting = baseUrl.isPresent() ? "setting base-url" : baseUrlVariable;
        OptionalInt control = url.codePoints().filter(Character::isISOControl).findFirst();
        if (control.isPresent()) {
            // The URL parser would drop a line break or a tab silently, folding what follows into the path.
            throw new AgentException(setting + "='" + visible(given.strip()) + "' holds a control character ("
                    + visible(Character.toString(control.getAsInt())) + "), which no URL holds; write it on one "
                    + "line, like " + defaultBaseUrl);
        }
        if (HttpUrl.parse(url) == null) {
            // Refused here, when the model is made, rather than as a failed call in the middle of a run.
            throw new AgentException(setting + "='" + given
                    + "' is not an http or https URL; write it like " + defaultBaseUrl);
        }
        Optional<String> key = apiKey.or(() -> info.keyVariable().map(env).filter(v -> !v.isBlank()));
        return new ProviderSettings(url, key, connectTimeout, readTimeout, callTimeout, stream, maxConnections,
                maxEventSize, maxResponseSize, headers);
    }

    /** Control characters as escapes ({@code \n}, {@code \u001b}), so that the error shows where one is. */
    private static String visible(String text) {
        StringBuilder shown = new StringBuilder();
        text.codePoints().forEach(c -> shown.append(switch (c) {
            case '\n' -> "\\n";
            case '\r' -> "\\r";
            case '\t' -> "\\t";
            default -> Character.isISOControl(c) ? String.format(Locale.ROOT, "\\u%04x", c) : Character.toString(c);
        }));
        return shown.toString();
    }

    private static String nonBlank(String what, String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(what + " must not be blank");
        }
        return value;
    }

    private static Duration notNegative(String what, Duration value) {
        Objects.requireNonNull(value, what);
        if (value.isNegative()) {
            throw new IllegalArgumentException(what + " must not be negative, not " + value);
        }
        return value;
    }
}
