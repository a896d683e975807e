package io.agentloop.api.hook;

/**
 * Runs on each piece of answer text after it was shown; for transcripts and audit. The returned text is what outer post-print hooks see.
 * See {@link Hook} for ordering and failure rules. Never return null.
 */
@FunctionalInterface
public interface PostPrintHook extends Hook {
    /** Returns the text as shown (usually {@code text} itself). */
    String afterPrint(String text, HookContext context);
}
