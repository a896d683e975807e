package io.agentloop.core.call;

import io.agentloop.api.memory.TokenEstimator;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.ContentBlock;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ReasoningBlock;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.TextBlock;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.NonRetryableModelException;
import io.agentloop.api.model.StreamEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Builds the assistant message from a model's stream events, in arrival order: consecutive text
 * deltas join into one text block, consecutive reasoning deltas into one reasoning block (closed
 * by its signature), tool-call fragments join by index. One per streaming attempt.
 */
final class StreamAssembler {
    private final List<Part> parts = new ArrayList<>(4);
    private Part open;
    private Usage usage = Usage.ZERO;

    private sealed interface Part {
    }

    private record TextPart(StringBuilder text) implements Part {
    }

    private static final class ReasoningPart implements Part {
        final StringBuilder text = new StringBuilder();
        String signature;
    }

    private record Fixed(ContentBlock block) implements Part {
    }

    private static final class CallPart implements Part {
        final StreamEvent.ToolCallStart start;
        final StringBuilder arguments = new StringBuilder();

        CallPart(StreamEvent.ToolCallStart start) {
            this.start = start;
        }
    }

    /** Takes one event (not {@link StreamEvent.Finish}, which {@link #finish} handles). */
    void accept(StreamEvent event) {
        switch (event) {
            case StreamEvent.TextDelta delta -> {
                if (!(open instanceof TextPart)) {
                    open = add(new TextPart(new StringBuilder()));
                }
                ((TextPart) open).text().append(delta.text());
            }
            case StreamEvent.ReasoningDelta delta -> {
                if (!(open instanceof ReasoningPart)) {
                    open = add(new ReasoningPart());
                }
                ((ReasoningPart) open).text.append(delta.text());
            }
            case StreamEvent.ReasoningSignature signature -> {
                ReasoningPart reasoning = open instanceof ReasoningPart r ? r : (ReasoningPart) add(new ReasoningPart());
                reasoning.signature = signature.signature();
                open = null;
            }
            case StreamEvent.RedactedReasoning redacted -> {
                add(new Fixed(new ReasoningBlock("", Optional.empty(), Optional.of(redacted.data()))));
                open = null;
            }
            case StreamEvent.ToolCallStart start -> {
                if (find(start.index()) != null) {
                    throw new NonRetryableModelException("the model's stream started tool call #" + start.index()
                            + " twice (a provider adapter bug)");
                }
                add(new CallPart(start));
                open = null;
            }
            case StreamEvent.ToolCallArgumentsDelta delta -> {
                CallPart call = find(delta.index());
                if (call == null) {
                    throw new NonRetryableModelException("the model's stream sent arguments for tool call #"
                            + delta.index() + " before starting it (a provider adapter bug)");
                }
                call.arguments.append(delta.fragment());
            }
            case StreamEvent.UsageReport report -> usage = report.usage();
            case StreamEvent.Finish finish -> throw new IllegalStateException("finish() takes the Finish event");
        }
    }

    private Part add(Part part) {
        parts.add(part);
        return part;
    }

    private CallPart find(int index) {
        for (Part part : parts) {
            if (part instanceof CallPart call && call.start.index() == index) {
                return call;
            }
        }
        return null;
    }

    /** The start of tool call {@code index}, once the stream started it; else null. */
    StreamEvent.ToolCallStart call(int index) {
        CallPart call = find(index);
        return call == null ? null : call.start;
    }

    /**
     * The tokens of a call stopped part-way (cancelled, timed out): each count the provider reported
     * before the stop, and, for a count it had not reported (most report usage only with their final
     * event), an estimate: the input from the messages sent, the output from what was received. A call
     * stopped before anything arrived counts what was reported, if anything.
     */
    Usage spentSoFar(List<Message> sent, TokenEstimator estimator) {
        if (parts.isEmpty()) {
            return usage;
        }
        long input = usage.inputTokens() > 0 ? usage.inputTokens() : estimator.estimate(sent);
        long output = usage.outputTokens() > 0 ? usage.outputTokens() : estimator.estimate(finish(StopReason.OTHER));
        return new Usage(input, output, Math.min(usage.cachedInputTokens(), input),
                Math.min(usage.reasoningTokens(), output));
    }

    AssistantMessage finish(StopReason stopReason) {
        List<ContentBlock> blocks = new ArrayList<>(parts.size());
        for (Part part : parts) {
            switch (part) {
                case TextPart t -> {
                    if (!t.text().isEmpty()) {
                        blocks.add(new TextBlock(t.text().toString()));
                    }
                }
                case ReasoningPart r -> blocks.add(new ReasoningBlock(r.text.toString(),
                        Optional.ofNullable(r.signature), Optional.empty()));
                case Fixed f -> blocks.add(f.block());
                case CallPart c -> blocks.add(new ToolCall(c.start.id(), c.start.name(), c.arguments.toString(),
                        c.start.signature()));
            }
        }
        return new AssistantMessage(blocks, usage, stopReason);
    }
}
