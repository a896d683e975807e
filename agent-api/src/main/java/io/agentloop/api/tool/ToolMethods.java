package io.agentloop.api.tool;

/**
 * An extension whose {@link ToolMethod} methods are tools: a plugin lists a class that implements
 * this (it has no methods of its own) like any extension, and each annotated method becomes a tool
 * of the platform. A method whose types cannot make a schema is reported as the plugin's problem
 * and nothing of the class is registered.
 *
 * <pre>{@code
 * @Extension
 * public final class WeatherTools implements ToolMethods {
 *     @ToolMethod(description = "Today's forecast for a city.", readOnly = true)
 *     public String forecast(@Param(name = "city") String city) { ... }
 * }
 * }</pre>
 */
public interface ToolMethods {
}
