package io.agentloop.api.model;

import io.agentloop.api.setting.Setting;
import java.util.List;

/**
 * Supplies chat models of one kind (one wire format or one local runtime). Discovered as a
 * built-in through {@link java.util.ServiceLoader} or from a plugin.
 *
 * <pre>{@code
 * public final class EchoProvider implements ModelProvider {
 *     public String id() { return "echo"; }
 *     public ChatModel create(ModelConfig config) { return new EchoModel(config.model()); }
 * }
 * }</pre>
 *
 * <p>Implementations need a public no-argument constructor and must be thread-safe.
 */
public interface ModelProvider {

    /** A short, stable, lower-case id used in configuration ({@code openai}, {@code anthropic}). */
    String id();

    /**
     * Creates a chat model for the given configuration.
     *
     * @throws io.agentloop.api.AgentException when the configuration is incomplete or wrong; the
     *         message names the missing setting and how to provide it
     */
    ChatModel create(ModelConfig config);

    /**
     * The settings {@link #create} reads ({@code providers.<id>.*}), for the launcher to check and
     * list: a key none of them matches is refused, naming the nearest. Empty (the default) when the
     * provider does not declare them; its settings are then passed on unchecked.
     */
    default List<Setting> settings() {
        return List.of();
    }
}
