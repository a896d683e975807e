package io.agentloop.api.model;

import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.Usage;
import java.util.Objects;
import java.util.Optional;

/**
 * One event of a {@link ModelStream}: a normalised vocabulary every provider maps its wire events
 * onto. The platform assembles the assistant message from these, in arrival order: consecutive
 * text deltas form one text block, consecutive reasoning deltas one reasoning block, and tool-call
 * fragments are joined by their {@code index}.
 */
public sealed interface StreamEvent {

    /** A piece of answer text. */
    record TextDelta(String text) implements StreamEvent {
        public TextDelta {
            Objects.requireNonNull(text, "text");
        }
    }

    /** A piece of reasoning text. */
    record ReasoningDelta(String text) implements StreamEvent {
        public ReasoningDelta {
            Objects.requireNonNull(text, "text");
        }
    }

    /** The signature that closes the current reasoning block. */
    record ReasoningSignature(String signature) implements StreamEvent {
        public ReasoningSignature {
            Objects.requireNonNull(signature, "signature");
        }
    }

    /** A whole redacted reasoning block: opaque data to send back unchanged. */
    record RedactedReasoning(String data) implements StreamEvent {
        public RedactedReasoning {
            Objects.requireNonNull(data, "data");
        }
    }

    /**
     * The start of tool call number {@code index} (0-based, in the order the model made them).
     *
     * @param signature a provider signature attached to the call, if any
     */
    record ToolCallStart(int index, String id, String name, Optional<String> signature)
            implements StreamEvent {
        public ToolCallStart {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(signature, "signature");
        }

        public ToolCallStart(int index, String id, String name) {
            this(index, id, name, Optional.empty());
        }
    }

    /** A fragment of the JSON arguments of tool call {@code index}. */
    record ToolCallArgumentsDelta(int index, String fragment) implements StreamEvent {
        public ToolCallArgumentsDelta {
            Objects.requireNonNull(fragment, "fragment");
        }
    }

    /** Token usage; if sent several times, the last report wins. */
    record UsageReport(Usage usage) implements StreamEvent {
        public UsageReport {
            Objects.requireNonNull(usage, "usage");
        }
    }

    /** The response is complete. Always the last event. */
    record Finish(StopReason stopReason) implements StreamEvent {
        public Finish {
            Objects.requireNonNull(stopReason, "stopReason");
        }
    }
}
