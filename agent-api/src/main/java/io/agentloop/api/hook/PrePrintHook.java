package io.agentloop.api.hook;

/**
 * Runs on each piece of answer text before it is shown (published as a text-delta event); may change it, for example to mask secrets. Returning an empty string shows nothing. The conversation keeps the model's own text.
 * See {@link Hook} for ordering and failure rules. Never return null.
 */
@FunctionalInterface
public interface PrePrintHook extends Hook {
    /** Returns the text to show. */
    String beforePrint(String text, HookContext context);
}
