package io.agentloop.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.TextBlock;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.run.ToolCallRecord;
import io.agentloop.api.session.Checkpoint;
import io.agentloop.api.session.SessionInfo;
import io.agentloop.api.session.SessionWriter;
import io.agentloop.api.tool.ToolResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runs index ({@code sessions.runs}): statistics read the runs of every session from one file,
 * read again only the sessions that changed, and come out as reading every session whole would give.
 */
class RunIndexTest {
    private static final AtomicInteger SETTLED = new AtomicInteger();

    @TempDir
    Path folder;

    /** What the index must give: every session read whole. */
    private static List<RunSummary> truth(FileSessionStore store) {
        List<RunSummary> runs = new ArrayList<>();
        for (SessionInfo info : store.list()) {
            runs.addAll(RunSummary.of(store.load(info.id()).orElseThrow()));
        }
        runs.sort(RunIndex.ORDER);
        return runs;
    }

    private static SessionInfo session(FileSessionStore store, String title, int runs) {
        SessionInfo info = store.create(title);
        try (SessionWriter writer = store.open(info.id())) {
            SessionRecorder recorder = new SessionRecorder(writer, 0, 0).describing("openai", "gpt-" + runs);
            for (int n = 0; n < runs; n++) {
                ToolCall call = ToolCall.of("c" + n, n % 2 == 0 ? "bash" : "read", "{}");
                recorder.ended(new RunResult("run-" + n, n == 2 ? AgentState.FAILED : AgentState.COMPLETED,
                        n == 2 ? Optional.empty() : Optional.of(TerminalReason.ANSWERED), Optional.empty(),
                        List.of(UserMessage.of("go")), 1, List.of(new ToolCallRecord(1, call,
                        ToolResult.failure("execution_failed", "no"), Duration.ZERO)), Usage.of(100 * n, n),
                        Duration.ofMillis(10 + n), Optional.empty()), "agent");
            }
        }
        settle(store, info.id());
        return info;
    }

    private static void settle(FileSessionStore store, String id) {
        try {
            Files.setLastModifiedTime(store.file(id), FileTime.fromMillis(System.currentTimeMillis()
                    - FileSessionStore.SETTLE_MILLIS - 60_000 + SETTLED.incrementAndGet()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aSecondLookReadsNoSessionThatDidNotChange() {
        FileSessionStore store = new FileSessionStore(folder);
        for (int n = 0; n < 4; n++) {
            session(store, "session " + n, n);
        }
        List<RunSummary> truth = truth(store);
        int before = store.fullReads();

        assertThat(store.runs()).isEqualTo(truth).hasSize(6);
        assertThat(store.fullReads() - before).as("the first look reads every session").isEqualTo(4);
        assertThat(folder.resolve(RunIndex.FILE)).isRegularFile();

        int afterFirst = store.fullReads();
        assertThat(new FileSessionStore(folder).runs()).as("from the index, in another store").isEqualTo(truth);
        assertThat(store.runs()).isEqualTo(truth);
        assertThat(store.fullReads()).as("nothing changed: nothing read").isEqualTo(afterFirst);

        SessionInfo changed = store.list().getLast();
        try (SessionWriter writer = store.open(changed.id())) {
            new SessionRecorder(writer, 0, 5).ended(new RunResult("run-x", AgentState.COMPLETED,
                    Optional.of(TerminalReason.MAX_ITERATIONS), Optional.empty(), List.of(), 3, List.of(),
                    Usage.of(7, 7), Duration.ofSeconds(3), Optional.empty()), "agent");
        }
        settle(store, changed.id());
        List<RunSummary> changedTruth = truth(store);
        int beforeChange = store.fullReads();
        assertThat(store.runs()).isEqualTo(changedTruth).hasSize(7);
        assertThat(store.fullReads() - beforeChange).as("only the changed session is read again").isEqualTo(1);
    }

    @Test
    void aRunSavedBeforeDenialsWereRecordedCountsARefusedCallFromTheConversationAsADenial() {
        FileSessionStore store = new FileSessionStore(folder);
        SessionInfo info = store.create("old, with a refusal");
        try (SessionWriter writer = store.open(info.id())) {
            writer.append(UserMessage.of("go"));
            writer.append(new AssistantMessage(List.of(ToolCall.of("c1", "bash", "{}"), ToolCall.of("c2", "bash", "{}")),
                    Usage.of(10, 2), StopReason.TOOL_CALLS));
            writer.appendResult(new ToolResultBlock("c1", "bash", new ToolResult.Failure(ToolResult.Failure.DENIED,
                    "denied by policy: bash(rm *)").content(), true));
            writer.appendResult(new ToolResultBlock("c2", "bash", "exit 1", true));
            writer.append(AssistantMessage.of("done"));
            writer.checkpoint(new Checkpoint("run-1", Instant.now(), "COMPLETED ANSWERED", Usage.of(10, 2),
                    Map.of("run_id", "r1", "iterations", "2", "agent", "agent")));
        }

        List<RunSummary> runs = store.runs();

        assertThat(runs).singleElement().satisfies(run -> {
            assertThat(run.failedTools()).isEqualTo(Map.of("bash", 1));
            assertThat(run.deniedTools()).isEqualTo(Map.of("bash", 1));
        });
        assertThat(store.runs()).as("as the index keeps them").isEqualTo(runs);
    }

    @Test
    void runsSavedBeforeTheirModelWasRecordedCountTheirFailedToolsFromTheConversation() {
        FileSessionStore store = new FileSessionStore(folder);
        SessionInfo info = store.create("old");
        try (SessionWriter writer = store.open(info.id())) {
            writer.append(UserMessage.of("go"));
            writer.append(new AssistantMessage(List.of(new TextBlock("trying"), ToolCall.of("c1", "bash", "{}"),
                    ToolCall.of("c2", "read", "{}")), Usage.of(10, 2), StopReason.TOOL_CALLS));
            writer.appendResult(new ToolResultBlock("c1", "bash", "exit 1", true));
            writer.appendResult(new ToolResultBlock("c2", "read", "text", false));
            writer.append(AssistantMessage.of("done"));
            writer.checkpoint(new Checkpoint("run-1", Instant.now(), "COMPLETED ANSWERED", Usage.of(10, 2),
                    Map.of("run_id", "r1", "iterations", "2", "agent", "agent")));
            writer.checkpoint(new Checkpoint("before-refactor", Instant.now(), "", Usage.ZERO, Map.of()));
            writer.append(UserMessage.of("again"));
            writer.append(new AssistantMessage(List.of(ToolCall.of("c3", "grep", "{}")), Usage.of(5, 1),
                    StopReason.TOOL_CALLS));
            writer.appendResult(new ToolResultBlock("c3", "grep", "bad pattern", true));
            writer.append(AssistantMessage.of("gave up"));
            writer.checkpoint(new Checkpoint("run-2", Instant.now(), "FAILED", Usage.of(5, 1),
                    Map.of("run_id", "r2", "iterations", "1", "agent", "agent")));
        }
        String fork = store.fork(info.id(), Optional.of("run-1")).id();

        List<RunSummary> runs = store.runs();

        assertThat(runs).as("a checkpoint that is not a run, and the run a fork copied, are not counted")
                .extracting(RunSummary::session, RunSummary::run, RunSummary::outcome, RunSummary::failedTools)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(info.id(), "run-1", "COMPLETED ANSWERED", Map.of("bash", 1)),
                        org.assertj.core.groups.Tuple.tuple(info.id(), "run-2", "FAILED", Map.of("grep", 1)));
        assertThat(runs).allSatisfy(run -> {
            assertThat(run.duration()).isEmpty();
            assertThat(run.provider()).isEmpty();
            assertThat(run.model()).isEmpty();
        });
        assertThat(store.list()).extracting(SessionInfo::id).contains(fork);
    }

    @Test
    void aGarbledIndexIsRebuiltAndTheSessionsIndexIsLeftAsItWas() throws Exception {
        FileSessionStore store = new FileSessionStore(folder);
        session(store, "one", 2);
        session(store, "two", 1);
        store.list();
        String listing = Files.readString(folder.resolve(SessionIndex.FILE));
        List<RunSummary> truth = truth(store);
        Files.writeString(folder.resolve(RunIndex.FILE), "agentloop runs index 1\nS\tnot\ta\tnumber\n");
        Path deadWriter = folder.resolve("." + RunIndex.FILE + ".123.tmp");
        Files.writeString(deadWriter, "half");
        Files.setLastModifiedTime(deadWriter, FileTime.fromMillis(System.currentTimeMillis() - 2 * 3_600_000));
        int before = store.fullReads();

        assertThat(store.runs()).isEqualTo(truth);
        assertThat(store.fullReads() - before).isEqualTo(2);
        assertThat(deadWriter).doesNotExist();
        assertThat(store.runs()).isEqualTo(truth);
        assertThat(store.fullReads() - before).as("rebuilt once").isEqualTo(2);
        assertThat(Files.readString(folder.resolve(SessionIndex.FILE))).isEqualTo(listing);
    }
}
