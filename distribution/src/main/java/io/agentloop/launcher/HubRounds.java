package io.agentloop.launcher;

import io.agentloop.api.hub.HubMessage;
import io.agentloop.api.hub.UserParticipant;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.hub.AgentParticipant;
import io.agentloop.core.hub.MessageHub;
import java.io.PrintWriter;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The turns of {@code agentloop hub}: rounds in the hub's order, the person first, until the person
 * leaves (or takes the last agent out). Ctrl-C during an agent's turn stops that turn and ends the
 * round there: the person has the word next, and the agents that had not spoken yet speak after
 * them. What is said goes into the transcript; an agent's turn that failed is said on stderr.
 */
record HubRounds(MessageHub hub, UserParticipant person, Map<String, AgentParticipant> members, HubLines lines,
                 HubTranscript transcript, PrintWriter out, PrintWriter err) {

    void converse() {
        while (!person.left()) {
            round();
        }
    }

    private void round() {
        for (String name : hub.participants()) {
            if (!hub.participants().contains(name)) {
                continue; // taken out during this round
            }
            AgentParticipant member = members.get(name);
            if (member == null) {
                hub.turn(name).ifPresent(transcript::said);
                if (person.left()) {
                    return;
                }
                continue;
            }
            Optional<String> before = member.lastRun().map(RunResult::runId);
            AtomicBoolean stopped = new AtomicBoolean();
            Optional<HubMessage> said = lines.whileRunning(() -> hub.turn(name), () -> {
                stopped.set(true);
                member.stopTurn();
            });
            said.ifPresent(transcript::said);
            member.lastRun().filter(run -> !before.equals(Optional.of(run.runId()))).ifPresent(run -> ended(name, run));
            if (stopped.get()) {
                out.println();
                out.println("Stopped " + name + "'s turn.");
                out.flush();
                return;
            }
        }
    }

    /** An agent's turn that ran its model: on record, and said when it failed. */
    private void ended(String name, RunResult run) {
        transcript.turnEnded(name, run);
        run.error().ifPresent(e -> {
            err.println("agentloop: " + name + "'s turn failed: " + e.getMessage());
            err.flush();
        });
    }
}
