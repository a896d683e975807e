/**
 * The built-in {@link io.agentloop.api.format.Formatter}s ({@code native}, {@code text},
 * {@code openai-chat}, {@code simple}, {@code string}) and {@link io.agentloop.core.format.FormattedModel},
 * the chat model seen through a formatter that an agent calls instead of its provider's model when
 * the formatter is not {@code native}. Registered through the module's {@code provides}; the
 * launcher chooses one per provider.
 */
package io.agentloop.core.format;
