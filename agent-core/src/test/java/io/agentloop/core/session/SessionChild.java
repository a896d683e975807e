package io.agentloop.core.session;

import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.TextBlock;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.session.SessionInfo;
import io.agentloop.api.session.SessionWriter;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.core.Agent;
import io.agentloop.testkit.ScriptedChatModel;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/** What the crash and lock tests run in a second JVM. Prints progress lines the test waits for. */
public final class SessionChild {
    private SessionChild() {
    }

    public static void main(String[] args) throws Exception {
        FileSessionStore store = new FileSessionStore(Path.of(args[1]));
        String sessionId = args[2];
        switch (args[0]) {
            case "append" -> {
                try (SessionWriter writer = store.open(sessionId)) {
                    String padding = "x".repeat(2000); // long records: a kill is likely to land inside one
                    for (int n = 1; ; n++) {
                        writer.append(n % 2 == 1 ? UserMessage.of("message " + n + " " + padding)
                                : new AssistantMessage(List.of(new TextBlock("answer " + n + " " + padding)),
                                        Usage.of(n, n), StopReason.END_TURN));
                        System.out.println("appended " + n);
                        System.out.flush();
                    }
                }
            }
            case "tool" -> {
                SessionWriter writer = store.open(sessionId);
                SessionRecorder recorder = new SessionRecorder(writer, 0, 0);
                ScriptedChatModel model = ScriptedChatModel.script()
                        .toolCalls(ToolCall.of("call_1", "quick", "{}"), ToolCall.of("call_2", "block", "{}"))
                        .answer("never reached").build();
                Agent.builder().model(model).tools(new Block(), new Quick()).journal(recorder)
                        .build().run("do the slow thing");
            }
            case "add" -> {
                SessionInfo added = store.create(sessionId);
                try (SessionWriter writer = store.open(added.id())) {
                    writer.append(UserMessage.of("from another process"));
                    writer.append(AssistantMessage.of("seen"));
                }
                System.out.println("added " + added.id());
                System.out.flush();
            }
            case "hold" -> {
                try (SessionWriter ignored = store.open(sessionId)) {
                    System.out.println("holding");
                    System.out.flush();
                    System.in.read(); // until the test closes our input or kills us
                }
            }
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    /** Announces that it runs, then never returns. */
    static final class Block implements Tool {
        @Override
        public ToolSpec spec() {
            return ToolSpec.builder("block").description("Blocks.").build();
        }

        @Override
        public boolean readOnly() {
            return true;
        }

        @Override
        public boolean concurrencySafe() {
            return false; // one at a time, in call order: quick's result is saved before block starts
        }

        @Override
        public ToolResult execute(ToolArguments arguments, ToolContext context) {
            System.out.println("tool started");
            System.out.flush();
            try {
                new CountDownLatch(1).await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return ToolResult.success("unreachable");
        }
    }

    /** Returns at once: its result is saved before the process dies. */
    static final class Quick implements Tool {
        @Override
        public ToolSpec spec() {
            return ToolSpec.builder("quick").description("Returns at once.").build();
        }

        @Override
        public boolean readOnly() {
            return true;
        }

        @Override
        public boolean concurrencySafe() {
            return false; // one at a time, in call order: quick's result is saved before block starts
        }

        @Override
        public ToolResult execute(ToolArguments arguments, ToolContext context) {
            return ToolResult.success("quick done");
        }
    }
}
