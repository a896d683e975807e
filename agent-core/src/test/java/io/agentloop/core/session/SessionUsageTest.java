package io.agentloop.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.TextBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.run.OpenTurn;
import io.agentloop.api.session.Checkpoint;
import io.agentloop.api.session.Session;
import io.agentloop.api.session.SessionInfo;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Each model call of a session counted once, however its runs paused, stopped and went on. */
class SessionUsageTest {
    private static final Instant CREATED = Instant.parse("2026-01-01T00:00:00Z");
    private static final Usage FIRST = new Usage(50, 10, 0, 0);
    private static final Usage SECOND = new Usage(70, 5, 0, 0);
    private static final UserMessage TASK = UserMessage.of("write it");

    private static AssistantMessage turn(Usage usage) {
        return new AssistantMessage(List.of(new TextBlock("turn")), usage, StopReason.TOOL_CALLS);
    }

    private static Session.Restorable checkpoint(String name, String state, Usage usage, Map<String, String> data,
                                                 List<Message> messages) {
        return new Session.Restorable(new Checkpoint(name, CREATED.plusSeconds(60), state, usage, data), messages);
    }

    private static Session session(List<Message> messages, List<Session.Restorable> checkpoints,
                                   Optional<OpenTurn> open) {
        return new Session(new SessionInfo("s", "t", CREATED, CREATED, messages.size()), messages, checkpoints, 0, 0,
                open);
    }

    @Test
    void aPausedRunIsCarriedByTheRunThatGoesOnAndThenCountsOnlyAsThatRun() {
        Session paused = session(List.of(TASK), List.of(checkpoint("run-1", "COMPLETED AWAITING_APPROVAL", FIRST,
                Map.of(), List.of(TASK))), Optional.of(new OpenTurn(turn(FIRST), List.of())));

        assertThat(SessionUsage.carried(paused)).isEqualTo(FIRST);
        assertThat(SessionUsage.total(paused)).as("the paused turn is on its checkpoint").isEqualTo(FIRST);
        assertThat(SessionUsage.paused(paused)).map(Checkpoint::name).contains("run-1");

        List<Message> after = List.of(TASK, turn(FIRST), turn(SECOND));
        Session wentOn = session(after, List.of(checkpoint("run-1", "COMPLETED AWAITING_APPROVAL", FIRST, Map.of(),
                        List.of(TASK)), checkpoint("run-2", "COMPLETED ANSWERED", FIRST.plus(SECOND),
                        Map.of(SessionUsage.CONTINUES, "run-1"), after)), Optional.empty());

        assertThat(SessionUsage.counted(wentOn)).extracting(Checkpoint::name).containsExactly("run-2");
        assertThat(SessionUsage.total(wentOn)).isEqualTo(FIRST.plus(SECOND));
        assertThat(RunSummary.of(wentOn)).singleElement().satisfies(run -> assertThat(run.usage())
                .isEqualTo(FIRST.plus(SECOND)));
    }

    @Test
    void aRunWhoseProcessStoppedBeforeItsCheckpointHasItsTurnsCountedAndCarried() {
        Session killed = session(List.of(TASK), List.of(), Optional.of(new OpenTurn(turn(FIRST), List.of())));

        assertThat(SessionUsage.total(killed)).isEqualTo(FIRST);
        assertThat(SessionUsage.carried(killed)).isEqualTo(FIRST);
        assertThat(SessionUsage.paused(killed)).isEmpty();
    }

    @Test
    void aRunThatWentOnFromAPauseAndStoppedCarriesThePauseAndItsOwnTurnsButNotThePausedTurnTwice() {
        Session stopped = session(List.of(TASK, turn(FIRST), turn(SECOND)), List.of(checkpoint("run-1",
                "COMPLETED AWAITING_APPROVAL", FIRST, Map.of(), List.of(TASK))), Optional.empty());

        assertThat(SessionUsage.carried(stopped)).isEqualTo(FIRST.plus(SECOND));
        assertThat(SessionUsage.total(stopped)).isEqualTo(FIRST.plus(SECOND));
    }
}
