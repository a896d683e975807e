package io.agentloop.core.engine;

import java.util.Map;

/**
 * Connects to a durable engine by name ({@code temporal}); found with {@link java.util.ServiceLoader}
 * in the engine's own jars, which are loaded only when an engine is asked for.
 */
public interface DurableEngineProvider {

    /** The engine's name, as {@code --engine} says it. */
    String name();

    /**
     * Connects with these settings and checks that the service answers.
     *
     * @throws EngineUnavailableException when it does not answer within a bound: the message is one
     *                                    line naming where it looked and what to do
     * @throws IllegalArgumentException   for a setting that is wrong, naming it
     */
    DurableEngine connect(Map<String, String> settings);
}
