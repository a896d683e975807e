package io.agentloop.bench;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.TextBlock;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ModelConfig;
import io.agentloop.api.model.ModelStream;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.providers.openai.OpenAiChatProvider;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Client cost of one OpenAI Chat Completions call: CPU time and bytes allocated on the calling
 * thread (OkHttp's synchronous call encodes, sends, reads and decodes there), against a
 * zero-latency endpoint on loopback, for a realistic request (a system prompt, a tool turn, three
 * tool definitions) and a streamed six-chunk answer with usage. Prints one line per round and the
 * median. Run with {@code ./dev bench-provider [rounds] [calls per round]}.
 */
public final class ProviderCallBenchmark {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private ProviderCallBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 5_000;
        try (FakeOpenAiServer server = new FakeOpenAiServer()) {
            ChatModel model = new OpenAiChatProvider().create(new ModelConfig("bench",
                    Map.of("base-url", server.baseUrl(), "api-key", "bench-key")));
            ChatRequest request = request();
            for (int i = 0; i < 20_000; i++) {
                call(model, request);
            }
            double[] cpu = new double[rounds];
            double[] bytes = new double[rounds];
            double[] wall = new double[rounds];
            long thread = Thread.currentThread().threadId();
            for (int round = 0; round < rounds; round++) {
                long cpuStart = THREADS.getCurrentThreadCpuTime();
                long allocStart = THREADS.getThreadAllocatedBytes(thread);
                long wallStart = System.nanoTime();
                for (int i = 0; i < calls; i++) {
                    call(model, request);
                }
                wall[round] = (System.nanoTime() - wallStart) / 1e3 / calls;
                cpu[round] = (THREADS.getCurrentThreadCpuTime() - cpuStart) / 1e3 / calls;
                bytes[round] = (double) (THREADS.getThreadAllocatedBytes(thread) - allocStart) / calls;
                System.out.printf(Locale.ROOT, "round %d: client CPU %.1f us/call, allocated %.0f B/call, "
                        + "wall %.1f us/call%n", round + 1, cpu[round], bytes[round], wall[round]);
            }
            System.out.printf(Locale.ROOT, "median of %d rounds x %d calls: client CPU %.1f us/call, allocated "
                    + "%.0f B/call, wall %.1f us/call; connections opened: %d%n", rounds, calls, median(cpu),
                    median(bytes), median(wall), server.connections());
        }
    }

    private static void call(ChatModel model, ChatRequest request) {
        try (ModelStream stream = model.stream(request, CancellationSignal.never())) {
            StreamEvent event;
            do {
                event = stream.next();
            } while (!(event instanceof StreamEvent.Finish));
        }
    }

    private static ChatRequest request() {
        ToolSpec read = ToolSpec.builder("read").description("Reads a text file of the workspace.")
                .stringParameter("path", "the file, relative to the workspace", true)
                .integerParameter("offset", "the first line to read", false)
                .integerParameter("limit", "how many lines", false).build();
        ToolSpec grep = ToolSpec.builder("grep").description("Searches files for a regular expression.")
                .stringParameter("pattern", "the regular expression", true)
                .stringParameter("include", "a glob of files to search", false).build();
        ToolSpec bash = ToolSpec.builder("bash").description("Runs a shell command in the workspace.")
                .stringParameter("command", "the command", true).build();
        List<Message> messages = List.of(
                new SystemMessage("You are a careful coding assistant. Read before you change anything, keep "
                        + "changes small, and explain what you did."),
                UserMessage.of("Why does the build fail on JDK 17? Look at the pom and tell me."),
                new AssistantMessage(List.of(new TextBlock("Let me look at the build file."),
                        ToolCall.of("call_1", "read", "{\"path\":\"pom.xml\"}")), Usage.of(380, 20),
                        StopReason.TOOL_CALLS),
                new ToolMessage(List.of(new ToolResultBlock("call_1", "read",
                        "<project>\n  <properties>\n    <maven.compiler.release>21</maven.compiler.release>\n"
                                + "  </properties>\n</project>\n", false))));
        return ChatRequest.of(messages, List.of(read, grep, bash));
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        java.util.Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
