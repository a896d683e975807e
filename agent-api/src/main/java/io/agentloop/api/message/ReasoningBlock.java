package io.agentloop.api.message;

import java.util.Objects;
import java.util.Optional;

/**
 * The model's reasoning ("thinking"). Providers that sign reasoning (Anthropic, Gemini) need the
 * block sent back unchanged on the next turn, so the signature and, for redacted reasoning, the
 * opaque data are kept exactly as received. The OpenAI Responses API's encrypted reasoning content,
 * which it needs back in the same way, is kept as the signature too. Unsigned reasoning is text the
 * model wrote; OpenAI-compatible servers get it back with the turn that called tools.
 *
 * @param text       the readable reasoning; empty for redacted reasoning
 * @param signature  the provider's signature over the reasoning (or its encrypted content), when it sent one
 * @param redactedData the provider's opaque payload when the reasoning was redacted
 */
public record ReasoningBlock(String text, Optional<String> signature, Optional<String> redactedData)
        implements ContentBlock {
    public ReasoningBlock {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(signature, "signature");
        Objects.requireNonNull(redactedData, "redactedData");
    }

    /** Unsigned reasoning text. */
    public static ReasoningBlock of(String text) {
        return new ReasoningBlock(text, Optional.empty(), Optional.empty());
    }

    /** Whether the provider redacted the reasoning (only {@link #redactedData()} is meaningful). */
    public boolean redacted() {
        return redactedData.isPresent();
    }
}
