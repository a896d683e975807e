package io.agentloop.launcher;

import io.agentloop.api.session.SessionStore;
import io.agentloop.core.secret.SecretRedactor;
import io.agentloop.core.text.TerminalText;
import java.io.PrintWriter;
import java.io.Writer;
import java.time.Instant;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code agentloop approvals}: the tool calls that wait for a person's decision in every session
 * (a run that needed an approval no one could give paused with them on record). Each with its
 * session, tool, arguments (secrets masked), age and why it asks; with {@code --json}, one JSON array.
 */
final class ApprovalsCommand extends LauncherCommand {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Override
    CommandSpec spec() {
        CommandSpec spec = describe("approvals", "Lists the tool calls that wait for approval in every session; "
                + "decide with approve or deny, then go on with run --resume SESSION.");
        return spec;
    }

    @Override
    public Integer call() {
        PrintWriter out = out();
        LauncherConfig config = config();
        List<PendingCalls.Waiting> waiting;
        try (Platform platform = Platform.start(parent.home, config, new PrintWriter(Writer.nullWriter()));
             HeldCalls held = new HeldCalls(parent.home, config)) {
            SessionStore store = LauncherSessions.store(platform, config);
            waiting = held.in(store);
            held.unreachable().forEach(line -> err().println("agentloop approvals: " + line));
            err().flush();
        }
        SecretRedactor mask = LauncherHooks.defaultRedactor();
        if (options.json) { // the common --json: here one array of the waiting calls
            ArrayNode array = JSON.createArrayNode();
            for (PendingCalls.Waiting call : waiting) {
                ObjectNode node = array.addObject().put("session", call.session()).put("call", call.callId())
                        .put("tool", call.tool()).put("arguments", call.arguments(mask))
                        .put("since", call.since().toString());
                ArrayNode reasons = node.putArray("reasons");
                call.reasons(mask).forEach(reasons::add);
                ArrayNode rules = node.putArray("remember_as");
                call.pending().rememberAs().forEach(rules::add);
                call.held().ifPresent(run -> node.put("engine", run.engine()).put("run_id", run.runId()));
                call.manual().ifPresent(command -> node.put("manual", command));
            }
            out.println(JSON.writeValueAsString(array));
        } else if (waiting.isEmpty()) {
            out.println("No tool calls wait for approval.");
        } else {
            Instant now = Instant.now();
            for (PendingCalls.Waiting call : waiting) {
                // what the model chose is shown, never obeyed
                out.println(call.session() + "  " + TerminalText.printable(call.callId() + "  " + call.tool()) + "  "
                        + PendingCalls.age(call.since(), now));
                out.println("    arguments: " + TerminalText.printable(call.arguments(mask)));
                call.reasons(mask).forEach(reason -> out.println("    asks because: "
                        + TerminalText.printable(reason)));
                call.held().ifPresent(run -> out.println("    waits in " + run.engine() + " (run " + run.runId()
                        + "): approve and deny decide it there, and it goes on there"));
                call.manual().ifPresent(command -> out.println("    or: " + command));
            }
            out.println("Decide with 'agentloop approve SESSION [CALL...] [--always]' or 'agentloop deny SESSION "
                    + "[CALL...] [--reason TEXT]', then go on with 'agentloop run --resume SESSION'"
                    + (waiting.stream().anyMatch(call -> call.held().isPresent())
                    ? " (a run an engine holds goes on there by itself)." : "."));
        }
        out.flush();
        return Launcher.ANSWERED;
    }
}
