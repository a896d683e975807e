package io.agentloop.launcher;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ModelStream;
import io.agentloop.api.model.StreamEvent;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A rule-based stand-in for a language model, for the offline example: on the first turn it asks
 * {@code word_count} for the quoted text of the task (or the whole task), and once the result is
 * in the conversation it answers with it, streamed word by word.
 */
final class ExampleModel implements ChatModel {
    static final String DEFAULT_TASK = "How many words are in \"the quick brown fox jumps over the lazy dog\"?";
    private static final Pattern QUOTED = Pattern.compile("\"([^\"]*)\"");

    @Override
    public String name() {
        return "example";
    }

    @Override
    public ModelStream stream(ChatRequest request, CancellationSignal cancellation) {
        List<Message> messages = request.messages();
        Message last = messages.get(messages.size() - 1);
        List<StreamEvent> events = new ArrayList<>();
        long input = messages.stream().mapToLong(m -> m.text().length() / 4 + 1).sum();
        if (last instanceof ToolMessage tools) {
            String answer = "The text has " + tools.results().get(0).content() + " words.";
            for (String word : answer.split("(?<= )")) {
                events.add(new StreamEvent.TextDelta(word));
            }
            events.add(new StreamEvent.UsageReport(Usage.of(input, answer.length() / 4 + 1)));
            events.add(new StreamEvent.Finish(StopReason.END_TURN));
        } else {
            String text = last instanceof UserMessage user ? quotedOrAll(user.text()) : "";
            String arguments = "{\"text\":\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"}";
            events.add(new StreamEvent.ToolCallStart(0, "call_1", "word_count"));
            events.add(new StreamEvent.ToolCallArgumentsDelta(0, arguments));
            events.add(new StreamEvent.UsageReport(Usage.of(input, 12)));
            events.add(new StreamEvent.Finish(StopReason.TOOL_CALLS));
        }
        Iterator<StreamEvent> it = events.iterator();
        return new ModelStream() {
            @Override
            public StreamEvent next() {
                return it.next();
            }

            @Override
            public void close() {
                // nothing to release: the events are in memory
            }
        };
    }

    private static String quotedOrAll(String task) {
        Matcher quoted = QUOTED.matcher(task);
        return quoted.find() ? quoted.group(1) : task;
    }
}
